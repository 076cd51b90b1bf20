import type { ComponentProps, ReactNode } from "react";
import { FieldError, Input, Label } from "./input";

/** A labelled input with an optional hint and an error tied to it for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  labelAside,
  ...inputProps
}: ComponentProps<"input"> & { id: string; label: string; error?: string; hint?: ReactNode; labelAside?: ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
