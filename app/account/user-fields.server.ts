import { APIError, createAuthMiddleware } from "better-auth/api";
import { PERSON_NAME_MESSAGE, personNameProblem } from "~/validation/fields";

/**
 * What better-auth's own endpoints may write about a user. Our pages never call update-user, and
 * sign-up sends only an email, a password, a name and the edition's language; anything else (an `image` URL such as
 * "javascript:alert(1)", a name with a line break and a link) would be stored and could reach
 * our mail, so these two endpoints take only what the site sends, and the name follows the same
 * rule as every other name (app/validation/fields.ts).
 */
const ALLOWED_FIELDS: Record<string, readonly string[]> = {
  "/update-user": ["name"],
  "/sign-up/email": ["email", "password", "name", "language"],
};

function refuse(message: string): never {
  throw new APIError("BAD_REQUEST", { message });
}

/**
 * Sign-up asks for no name, so every account starts with the email's local part as a stand-in
 * (account-actions.server.ts); realNameOf treats it as no name, so it is never shown or mailed.
 */
function isSignUpStandIn(name: string, email: unknown): boolean {
  return typeof email === "string" && name.trim().toLowerCase() === (email.split("@")[0] ?? "").trim().toLowerCase();
}

/** Throws a 400 APIError when the body writes anything the site does not send, or a bad name. */
export function checkUserFields(path: string, body: unknown): void {
  const allowed = ALLOWED_FIELDS[path];
  if (!allowed) return;
  if (typeof body !== "object" || body === null || Array.isArray(body)) refuse("The request body must be an object.");
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !allowed.includes(key));
  if (extra.length > 0) refuse(`These fields cannot be set here: ${extra.join(", ")}. Only ${allowed.join(", ")}.`);
  // The account's language (the edition it was made on) is one of the site's two.
  if ("language" in record && record.language !== "en" && record.language !== "es")
    refuse('The language must be "en" or "es".');
  if (!("name" in record)) return;
  const name = record.name;
  if (typeof name !== "string") refuse(PERSON_NAME_MESSAGE);
  if (path === "/sign-up/email" && isSignUpStandIn(name, record.email)) return;
  const problem = personNameProblem(name.trim());
  if (problem) refuse(problem);
}

/** better-auth's `hooks.before`: runs for HTTP requests to /api/auth/* and for auth.api calls alike. */
export const userFieldsHook = createAuthMiddleware(async (ctx) => {
  checkUserFields(ctx.path, ctx.body);
});
