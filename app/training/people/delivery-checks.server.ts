import { INTL_LOCALE, translatorFor, type Translate } from "~/i18n/translate";
import { practiceLanguageOf } from "~/family/practice-language";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { mailboxKey } from "~/mail/mailbox-key";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { isPhoneSuppressed } from "~/mail/sms-suppressions.server";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import { firstNameOf } from "~/training/library/delivered-form";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import {
  deliveryChecks,
  practiceAddressConsents,
  trainingContacts as trainingContactsTable,
  type trainingContacts,
} from "~/training/tables";
import { addressStates, normaliseAddress } from "./address-consent.server";
import { addressesInUse } from "./contact-notices.server";
import { isMinor } from "./contact-schema";
import { CHECK_SENDER, deliveryCheckEmail, deliveryCheckText } from "./delivery-check-messages";
import { nextAllowedSendTime } from "~/family/quiet-hours";
import type { AgeBand } from "~/family/age-bands";
import type { CheckState } from "./contact-view";

/**
 * "Send me a test" (decision 032): a plain check message to one address that agreed to practice
 * messages, from the practice sender, and the person's confirmation that it arrived (the button
 * on the page its link opens, or a reply). The holder's card then says "Test delivered" or "Test
 * not confirmed yet".
 *
 * Safe by construction: only an address that said yes itself (and, for a child, whose parent
 * confirmed) gets one; at most three a day per address, whoever asks; one the holder asks for
 * inside the person's quiet hours waits for the morning; and it carries no words from anyone but us.
 */

type Contact = typeof trainingContacts.$inferSelect;

export const CHECK_LIMIT = { max: 3, windowSeconds: 24 * 60 * 60 } satisfies LimitRule;
/** A reply this long after a test no longer confirms it. */
const REPLY_WINDOW_DAYS = 7;

export interface CheckOutcome {
  ok: boolean;
  status: number;
  title: string;
  message: string;
}

const refuse = (status: number, title: string, message: string): CheckOutcome => ({
  ok: false,
  status,
  title,
  message,
});

export function newCheckToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The page a test's link opens (on the practice origin, like practice pages). */
export function checkUrl(linkOrigin: string, token: string): string {
  return `${linkOrigin}/practice/check/${token}`;
}

/**
 * Sends a test to `contact`'s address on `channel`, if it may have one. `requestedBy` says who
 * pressed: the person on their own consent page, or the holder on /account/training.
 */
export async function sendDeliveryCheck(
  db: Database,
  input: {
    contact: Contact;
    channel: "email" | "sms";
    requestedBy: "person" | "holder";
    /** The language of the page that asked: the person's own on their consent page, the holder's on theirs. */
    t?: Translate;
    now?: Date;
  },
): Promise<CheckOutcome> {
  const { contact, channel } = input;
  const t = input.t ?? translatorFor("en");
  const now = input.now ?? new Date();
  const setup = practiceSendingSetup();
  if (!setup) return refuse(503, t("deliveryCheck.notSetUpTitle"), t("deliveryCheck.notSetUp"));
  const target = addressesInUse(contact).find((address) => address.channel === channel);
  if (!target)
    return refuse(
      409,
      t("deliveryCheck.nothingTitle"),
      channel === "email"
        ? t("deliveryCheck.noEmail", { name: contact.name })
        : t("deliveryCheck.noPhone", { name: contact.name }),
    );
  const address = target.address;

  const state = (await addressStates(db, contact.subscriptionId, [address])).get(address);
  const agreed = state?.confirmedAt && !state.suppressed && (!isMinor(contact.ageBand) || contact.guardianConfirmedAt);
  if (!agreed) {
    return refuse(
      409,
      t("people.status.waiting"),
      channel === "email"
        ? t("deliveryCheck.emailNotAgreed", { address })
        : t("deliveryCheck.phoneNotAgreed", { address }),
    );
  }
  if (channel === "sms" && (await isPhoneSuppressed(db, address))) {
    return refuse(409, t("deliveryCheck.textsStoppedTitle"), t("deliveryCheck.textsStopped", { address }));
  }
  // Per mailbox: "name+1@" and "name@" are one inbox's three tests a day.
  const limit = await hitLimit(db, `delivery-check:${mailboxKey(address)}`, CHECK_LIMIT);
  if (!limit.allowed) {
    return refuse(429, t("deliveryCheck.enoughTitle"), t("deliveryCheck.enough", { address, max: CHECK_LIMIT.max }));
  }

  // Quiet hours hold for a test the holder asks for: it reaches the person in the morning. A person
  // who presses "Send me a test" on their own page is awake and waiting for it: it goes now.
  const sendAt =
    input.requestedBy === "holder"
      ? (nextAllowedSendTime(now, contact.timeZone, contact.ageBand as AgeBand) ?? now)
      : now;
  const [consent] = await db
    .select({ token: practiceAddressConsents.token })
    .from(practiceAddressConsents)
    .where(
      and(
        eq(practiceAddressConsents.subscriptionId, contact.subscriptionId),
        eq(practiceAddressConsents.address, address),
      ),
    );
  const token = newCheckToken();
  const words = {
    firstName: firstNameOf(contact.name),
    confirmUrl: checkUrl(setup.linkOrigin, token),
    consentUrl: `${getEnv().APP_URL}/training/consent/${consent!.token}`,
    practiceDomain: setup.mailDomain,
    address,
    // The test itself is in the language the person reads, whoever pressed the button.
    language: practiceLanguageOf(contact.language),
  };
  const later = sendAt.getTime() > now.getTime() ? sendAt : undefined;
  const outboxId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const id =
      channel === "email"
        ? await enqueueEmail(tx, {
            template: "delivery-check",
            to: address,
            ...deliveryCheckEmail(getMailBranding(), words),
            senderName: CHECK_SENDER.name,
            senderAddress: `${CHECK_SENDER.localPart}@${setup.mailDomain}`,
            // Its own stream in receivers' complaint figures (issue #40): a labelled test, not a scenario.
            headers: { "Feedback-ID": "delivery-check:check:scamfree" },
            sendAt: later,
          })
        : await enqueueText(tx, {
            template: "delivery-check",
            to: address,
            body: deliveryCheckText(words),
            sendAt: later,
          });
    await tx.insert(deliveryChecks).values({
      contactId: contact.id,
      channel,
      address,
      token,
      outboxMessageId: id,
      requestedBy: input.requestedBy,
    });
    return id;
  });
  await notifyOutbox([outboxId]);
  const parts = [
    channel === "email" ? t("deliveryCheck.emailOnItsWay", { address }) : t("deliveryCheck.textOnItsWay", { address }),
    ...(later ? [t("deliveryCheck.quietHours", { time: localClock(later, contact.timeZone, t) })] : []),
    input.requestedBy === "person" ? t("deliveryCheck.whenArrivesPerson") : t("deliveryCheck.whenArrivesHolder"),
  ];
  return { ok: true, status: 200, title: t("deliveryCheck.sentTitle"), message: parts.join(" ") };
}

function localClock(instant: Date, timeZone: string, t: Translate): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[t.locale], { hour: "numeric", minute: "2-digit", timeZone }).format(
    instant,
  );
}

/** The check behind a link's token, or null. */
export async function findDeliveryCheck(db: Database, token: unknown) {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [found] = await db
    .select({ check: deliveryChecks, language: trainingContactsTable.language })
    .from(deliveryChecks)
    .innerJoin(trainingContactsTable, eq(trainingContactsTable.id, deliveryChecks.contactId))
    .where(eq(deliveryChecks.token, token));
  // The page the test's link opens speaks the language the person reads.
  return found ? { ...found.check, language: practiceLanguageOf(found.language) } : null;
}

/** "Yes, it arrived" on the check's page. True when this press confirmed it (false: it already was). */
export async function confirmDeliveryCheck(db: Database, checkId: string, how: "link" | "reply"): Promise<boolean> {
  const [confirmed] = await db
    .update(deliveryChecks)
    .set({ confirmedAt: sql`now()`, confirmedHow: how })
    .where(and(eq(deliveryChecks.id, checkId), isNull(deliveryChecks.confirmedAt)))
    .returning({ id: deliveryChecks.id });
  return Boolean(confirmed);
}

/**
 * A reply from an address that was sent a test in the last week confirms it: an email reply that
 * names the test's outbox id (In-Reply-To) or link, or any text from that phone. Only the address
 * the test went to can confirm it. Returns how many checks it confirmed.
 */
export async function confirmChecksByReply(
  db: Database,
  reply: { from: string; outboxIds?: string[]; tokens?: string[] },
): Promise<number> {
  const from = normaliseAddress(reply.from);
  const recent = and(
    eq(deliveryChecks.address, from),
    isNull(deliveryChecks.confirmedAt),
    gt(deliveryChecks.createdAt, sql`now() - make_interval(days => ${REPLY_WINDOW_DAYS})`),
  );
  const named = from.includes("@")
    ? and(
        recent,
        sql`(${inArrayOrFalse(deliveryChecks.outboxMessageId, reply.outboxIds)} OR ${inArrayOrFalse(deliveryChecks.token, reply.tokens)})`,
      )
    : recent;
  const confirmed = await db
    .update(deliveryChecks)
    .set({ confirmedAt: sql`now()`, confirmedHow: "reply" })
    .where(named)
    .returning({ id: deliveryChecks.id });
  return confirmed.length;
}

function inArrayOrFalse(
  column: typeof deliveryChecks.token | typeof deliveryChecks.outboxMessageId,
  values?: string[],
) {
  return values && values.length > 0 ? inArray(column, values) : sql`false`;
}

/** The tokens of test links a text mentions (a forwarded or quoted test). */
export function checkTokensIn(texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\/practice\/check\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g))
      tokens.add(match[1]!);
  }
  return [...tokens];
}

/** Each address's latest test (keyed "contactId:address"): when it was asked for, and when (if) it was confirmed. */
export async function latestChecks(db: Database, contactIds: string[]): Promise<Map<string, CheckState>> {
  const latest = new Map<string, CheckState>();
  if (contactIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(deliveryChecks)
    .where(inArray(deliveryChecks.contactId, contactIds))
    .orderBy(desc(deliveryChecks.createdAt));
  for (const row of rows) {
    const key = `${row.contactId}:${row.address}`;
    // A confirmed test stays the answer until a newer one is confirmed: a new unconfirmed test does
    // not make a working address look broken.
    const known = latest.get(key);
    if (!known)
      latest.set(key, { sentAt: row.createdAt.toISOString(), confirmedAt: row.confirmedAt?.toISOString() ?? null });
    else if (!known.confirmedAt && row.confirmedAt)
      latest.set(key, { sentAt: known.sentAt, confirmedAt: row.confirmedAt.toISOString() });
  }
  return latest;
}
