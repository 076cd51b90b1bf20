import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-brand-700 text-white hover:bg-brand-800",
        secondary: "bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50",
        success: "bg-safe-600 text-white hover:bg-green-800",
        ghost: "text-brand-800 hover:bg-brand-50",
        danger: "bg-danger-600 text-white hover:bg-red-800",
        link: "text-brand-700 underline underline-offset-2 hover:text-brand-900",
      },
      size: {
        // A minimum height, not a fixed one: on a narrow phone a long label wraps onto a second
        // line inside the button instead of spilling out of it.
        sm: "min-h-9 px-3 py-1.5 text-sm",
        md: "min-h-11 px-5 py-2 text-base",
        lg: "min-h-12 px-6 py-2 text-lg",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
