import { z } from "zod";
import { emailField } from "~/validation/fields";

/** Shared by the /auth forms in the browser and by their actions on the server. */
export const PASSWORD_HINT = "Password must be at least 6 characters long";
const MAX_PASSWORD = 128;

const email = emailField({ required: "Please enter your email address." });

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD, `Passwords can be at most ${MAX_PASSWORD} characters.`),
});

const newPassword = z
  .string({ error: PASSWORD_HINT })
  .min(6, PASSWORD_HINT)
  .max(MAX_PASSWORD, `Passwords can be at most ${MAX_PASSWORD} characters.`);

export const SignUpSchema = z.object({
  email,
  password: newPassword,
  // An unchecked checkbox sends nothing; a checked one sends "on".
  newsletter: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is incomplete." }).trim().min(1, "This reset link is incomplete.").max(200, "This reset link is not valid."),
    password: newPassword,
    confirmPassword: z.string({ error: "Please type the new password twice." }).max(MAX_PASSWORD),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "The two passwords do not match.",
    path: ["confirmPassword"],
  });

/** Only a path on this site: never another site, never a protocol-relative URL. */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 500) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (/[\u0000-\u001f]/.test(value)) return undefined;
  try {
    const url = new URL(value, "http://same.site");
    if (url.origin !== "http://same.site") return undefined;
    if (url.pathname === "/auth") return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
