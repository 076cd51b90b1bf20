import type { ComponentProps } from "react";
import { cn } from "./cn";

const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600 aria-[invalid=true]:border-danger-600";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-32", className)} {...props} />;
}

/** A label always names the control it belongs to (`htmlFor`), so screen readers announce it. */
export function Label({
  className,
  tone = "light",
  htmlFor,
  children,
  ...props
}: ComponentProps<"label"> & { htmlFor: string; tone?: "light" | "dark" }) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("mb-1 block text-sm font-semibold", tone === "dark" ? "text-white" : "text-ink", className)}
      {...props}
    >
      {children}
    </label>
  );
}

/** A field's error, tied to the input with aria-describedby by the caller. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger-600">
      {message}
    </p>
  );
}
