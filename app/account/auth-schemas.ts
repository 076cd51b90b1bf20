import { z } from "zod";
import { emailField } from "~/validation/fields";

/** Shared by the /auth forms in the browser and by their actions on the server. */
export const PASSWORD_HINT = "Password must be at least 6 characters long";
const MAX_PASSWORD = 128;

const email = emailField({ required: "Please enter your email address." });

/** The password someone already has: at sign-in, and again before deleting the account. */
export function currentPasswordField(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .max(MAX_PASSWORD, `Passwords can be at most ${MAX_PASSWORD} characters.`);
}

export const LoginSchema = z.object({
  email,
  password: currentPasswordField("Please enter your password."),
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
    token: z
      .string({ error: "This reset link is incomplete." })
      .trim()
      .min(1, "This reset link is incomplete.")
      .max(200, "This reset link is not valid."),
    password: newPassword,
    confirmPassword: z.string({ error: "Please type the new password twice." }).max(MAX_PASSWORD),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "The two passwords do not match.",
    path: ["confirmPassword"],
  });

const SAME_SITE = "http://same.site";

/**
 * A path a browser resolves on this site: one "/" then something that is not another slash or a
 * backslash (browsers read a backslash as "/"), and no control characters (browsers drop tabs and
 * newlines from URLs, so "/\t/evil.com" would become "//evil.com").
 */
function isSameSitePath(path: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
}

/**
 * Only a path on this site: never another site, never a protocol-relative URL. The input is
 * normalised (dot segments, percent-encoding) before it is used, and normalising can turn a
 * harmless-looking value into a dangerous one ("/.//evil.com" becomes "//evil.com"), so the value
 * that is returned is checked again, and must resolve to itself.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 500) return undefined;
  if (!isSameSitePath(value)) return undefined;
  try {
    const url = new URL(value, SAME_SITE);
    if (url.origin !== SAME_SITE) return undefined;
    if (url.pathname === "/auth") return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!isSameSitePath(path)) return undefined;
    const again = new URL(path, SAME_SITE);
    if (again.origin !== SAME_SITE || `${again.pathname}${again.search}${again.hash}` !== path) return undefined;
    return path;
  } catch {
    return undefined;
  }
}
