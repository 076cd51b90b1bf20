import { z } from "zod";
import { translatorFor, type Translate } from "~/i18n/translate";
import { emailField, MAX_EMAIL_LENGTH } from "~/validation/fields";

/**
 * Shared by the /auth forms in the browser and by their actions on the server, in the page's
 * language: /es/auth builds the same schemas with Spanish messages (issue #39), as the checker does.
 */
const MAX_PASSWORD = 128;
const english = translatorFor("en");

/** The password someone already has: at sign-in, and again before deleting the account. */
export function currentPasswordField(required: string, t: Translate = english) {
  return z
    .string({ error: required })
    .min(1, required)
    .max(MAX_PASSWORD, t("auth.passwordTooLong", { max: MAX_PASSWORD }));
}

/** The four account forms' schemas, their messages in `t`'s language. */
export function authSchemasFor(t: Translate) {
  const email = emailField({
    required: t("auth.emailRequired"),
    invalid: t("auth.emailInvalid"),
    tooLong: t("auth.emailTooLong", { max: MAX_EMAIL_LENGTH }),
  });
  const hint = t("auth.passwordHint");
  const newPassword = z
    .string({ error: hint })
    .min(6, hint)
    .max(MAX_PASSWORD, t("auth.passwordTooLong", { max: MAX_PASSWORD }));
  return {
    LoginSchema: z.object({ email, password: currentPasswordField(t("auth.passwordRequired"), t) }),
    SignUpSchema: z.object({
      email,
      password: newPassword,
      // An unchecked checkbox sends nothing; a checked one sends "on".
      newsletter: z
        .union([z.literal("on"), z.literal("true"), z.literal("")])
        .optional()
        .transform((value) => value === "on" || value === "true"),
    }),
    ForgotPasswordSchema: z.object({ email }),
    ResetPasswordSchema: z
      .object({
        token: z
          .string({ error: t("auth.resetIncomplete") })
          .trim()
          .min(1, t("auth.resetIncomplete"))
          .max(200, t("auth.resetInvalid")),
        password: newPassword,
        confirmPassword: z.string({ error: t("auth.confirmRequired") }).max(MAX_PASSWORD),
      })
      .refine((value) => value.password === value.confirmPassword, {
        message: t("auth.mismatch"),
        path: ["confirmPassword"],
      }),
  };
}

/** The English sign-in form's schema: better-auth's JSON sign-in endpoint checks the same fields. */
export const { LoginSchema } = authSchemasFor(english);

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
    if (url.pathname === "/auth" || url.pathname === "/es/auth") return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!isSameSitePath(path)) return undefined;
    const again = new URL(path, SAME_SITE);
    if (again.origin !== SAME_SITE || `${again.pathname}${again.search}${again.hash}` !== path) return undefined;
    return path;
  } catch {
    return undefined;
  }
}
