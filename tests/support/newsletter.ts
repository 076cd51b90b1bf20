/** The newsletter's double opt-in as a test drives it: post the form, read the emailed link, press its button. */
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { callAction } from "./route-calls";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { action as newsletterAction } from "~/routes/newsletter";
import { action as confirmAction } from "~/routes/newsletter.confirm";
import type { NewsletterResult } from "~/newsletter/newsletter-schema";

let nextIp = 1;
/** A network address of its own for each sign-up, so the per-IP limit only counts where a test means it to. */
export const freshIp = () => `198.51.${Math.floor(nextIp / 250) % 250}.${(nextIp++ % 250) + 1}`;

export function postNewsletter(fields: Record<string, string>, ip = freshIp()) {
  return callAction<NewsletterResult>(newsletterAction, "/newsletter", fields, { ip });
}

/** The token from the newest confirmation email to this address, as the person would read it in the email. */
export async function emailedConfirmationToken(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, "newsletter-confirm"), eq(outboxMessages.recipient, email)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const token = mail?.text?.match(/\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no newsletter confirmation email to ${email}`);
  return token;
}

export function pressConfirm(token: string) {
  return callAction<{ state: string }>(confirmAction, "/newsletter/confirm", { token });
}

/** Signs the address up and confirms it from the emailed link, as its owner would. */
export async function subscribeAndConfirm(db: Database, email: string, name = "") {
  expect((await postNewsletter({ email, name })).status).toBe(200);
  const confirmed = await pressConfirm(await emailedConfirmationToken(db, email.trim().toLowerCase()));
  expect(confirmed.data.state).toBe("subscribed");
}
