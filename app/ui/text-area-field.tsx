import type { ComponentProps, ReactNode } from "react";
import { FieldError, Label, Textarea } from "./input";

/** A labelled text area with a hint above it and an error tied to it for screen readers. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  ...textareaProps
}: ComponentProps<"textarea"> & { id: string; label: string; hint: ReactNode; error?: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="mb-2 text-sm text-muted">
        {hint}
      </p>
      <Textarea id={id} aria-invalid={Boolean(error)} aria-describedby={`${id}-hint ${id}-error`} {...textareaProps} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
