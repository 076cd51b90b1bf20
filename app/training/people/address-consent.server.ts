import { randomBytes, randomInt } from "node:crypto";
import { and, count, eq, gt, inArray, isNotNull, notExists, or, sql, type SQLWrapper } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { mailboxKey } from "~/mail/mailbox-key";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import { practiceAddressConsents, practiceMessages, practiceSuppressions, trainingContacts } from "~/training/tables";

/**
 * Consent by address (docs/decisions/025-consent-by-address.md). A practice message may go to an
 * email address or phone number only when that address itself said yes, from a message sent to
 * it, for this family; and never while the address is suppressed, which any refusal writes for
 * every family. This module is the one place that reads or writes either table.
 */

export type AddressChannel = "email" | "sms";
export type AddressConsent = typeof practiceAddressConsents.$inferSelect;
export type ConfirmedHow = "notice-link" | "text-reply" | "account-email";
export type SuppressionReason = "no-thanks" | "not-me" | "stop-link" | "one-click" | "complaint" | `sms-${string}`;

/**
 * Emails compare in lower case; phone numbers are E.164 already. This is the address a message
 * goes to and a family's consent row is for; refusals and per-address limits go by the mailbox
 * (`mailboxKey`) instead, so a "+tag" or Gmail's dots cannot step around them.
 */
export function normaliseAddress(address: string): string {
  return address.includes("@") ? address.trim().toLowerCase() : address.trim();
}

/**
 * The mailbox an address column reaches, in SQL: `mailbox_key()` (drizzle/0021_mailbox_keys.sql),
 * the database's twin of `mailboxKey`. Suppressions are stored under this key.
 */
export function mailboxKeyOf(address: SQLWrapper) {
  return sql`mailbox_key(${address})`;
}

/**
 * The keys a refusal of this address may be stored under: its mailbox, and the address as it was
 * stored before refusals were keyed by mailbox (drizzle/0021 re-keyed those rows; a process still
 * running the old code during a deploy could write one more), so these lookups miss none.
 */
function suppressionKeys(address: string): string[] {
  return [...new Set([mailboxKey(address), normaliseAddress(address)])];
}

export function channelOf(address: string): AddressChannel {
  return address.includes("@") ? "email" : "sms";
}

const DAY = 24 * 60 * 60;

/** The limits, read from settings each time (tests change them). */
export function consentLimits(): Record<
  "noticesPerAddress" | "newAddressesPerHolder" | "messagesPerAddress",
  LimitRule
> {
  const env = getEnv();
  return {
    noticesPerAddress: { max: env.PRACTICE_NOTICES_PER_ADDRESS, windowSeconds: 30 * DAY },
    newAddressesPerHolder: { max: env.PRACTICE_NEW_ADDRESSES_PER_DAY, windowSeconds: DAY },
    messagesPerAddress: { max: env.PRACTICE_MESSAGES_PER_ADDRESS_PER_WEEK, windowSeconds: 7 * DAY },
  };
}

/** Counts one notice to this mailbox (across every family and spelling); false when the 30-day limit is reached. */
export async function countNoticeToAddress(db: Database, address: string) {
  return hitLimit(db, `practice-notice:address:${mailboxKey(address)}`, consentLimits().noticesPerAddress);
}

/** Counts one new address entered by this account holder today. */
export async function countNewAddress(db: Database, holderUserId: string) {
  return hitLimit(db, `practice-new-address:holder:${holderUserId}`, consentLimits().newAddressesPerHolder);
}

/**
 * Whether one more practice message may go to this mailbox in the week before `now`, counted
 * from the practice messages queued to any spelling of it (every family's, "Send a practice
 * message now" included). Call it inside the transaction that queues the message: the advisory
 * lock makes two queueings for one mailbox wait for each other, so both cannot fit under the limit.
 */
export async function practiceMessageAllowed(db: Database, address: string, now: Date): Promise<boolean> {
  const key = mailboxKey(address);
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`practice-address:${key}`}))`);
  const weekAgo = new Date(now.getTime() - consentLimits().messagesPerAddress.windowSeconds * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(practiceMessages)
    .where(
      and(
        eq(mailboxKeyOf(practiceMessages.address), key),
        eq(practiceMessages.status, "queued"),
        gt(practiceMessages.queuedAt, weekAgo),
      ),
    );
  return (row?.n ?? 0) < consentLimits().messagesPerAddress.max;
}

export function newConsentToken(): string {
  return randomBytes(32).toString("base64url");
}

/** This family's row for the address, created (waiting, with a fresh token) when there is none. */
export async function ensureAddressConsent(
  db: Database,
  subscriptionId: string,
  address: string,
): Promise<AddressConsent> {
  const normal = normaliseAddress(address);
  await db
    .insert(practiceAddressConsents)
    .values({ subscriptionId, address: normal, channel: channelOf(normal), token: newConsentToken() })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(practiceAddressConsents)
    .where(
      and(eq(practiceAddressConsents.subscriptionId, subscriptionId), eq(practiceAddressConsents.address, normal)),
    );
  return row!;
}

export async function markNoticeSent(db: Database, consentId: string) {
  await db
    .update(practiceAddressConsents)
    .set({ noticeSentAt: sql`now()` })
    .where(eq(practiceAddressConsents.id, consentId));
}

export async function findAddressConsentByToken(db: Database, token: string): Promise<AddressConsent | null> {
  // Tokens are base64url; anything else cannot be one, and is not worth a query.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db.select().from(practiceAddressConsents).where(eq(practiceAddressConsents.token, token));
  return row ?? null;
}

/** The address said yes for this family. Keeps the first time it did. */
export async function confirmAddress(db: Database, consentId: string, how: ConfirmedHow) {
  await db
    .update(practiceAddressConsents)
    .set({ confirmedAt: sql`coalesce(${practiceAddressConsents.confirmedAt}, now())`, confirmedHow: how })
    .where(eq(practiceAddressConsents.id, consentId));
}

/**
 * Each of this family's addresses: whether it said yes, whether it is suppressed (by a refusal made
 * to any family: nothing may go to it), and whether that refusal answered this family's own notice
 * or practice message. Only `refusedHere` may be shown to the holder: a suppression from another
 * family's notice would tell a stranger that the address refused someone else.
 */
export interface AddressState {
  address: string;
  channel: AddressChannel;
  confirmedAt: Date | null;
  confirmedHow: string | null;
  noticeSentAt: Date | null;
  suppressed: boolean;
  refusedHere: boolean;
}

export async function addressStates(
  db: Database,
  subscriptionId: string,
  addresses: string[],
): Promise<Map<string, AddressState>> {
  const normal = [...new Set(addresses.map(normaliseAddress))];
  const states = new Map<string, AddressState>();
  if (normal.length === 0) return states;
  const [consents, suppressed] = await Promise.all([
    db
      .select()
      .from(practiceAddressConsents)
      .where(
        and(
          eq(practiceAddressConsents.subscriptionId, subscriptionId),
          inArray(practiceAddressConsents.address, normal),
        ),
      ),
    db
      .select({ address: practiceSuppressions.address })
      .from(practiceSuppressions)
      .where(inArray(practiceSuppressions.address, [...new Set(normal.flatMap(suppressionKeys))])),
  ]);
  const suppressedSet = new Set(suppressed.map((row) => row.address));
  for (const address of normal) {
    const consent = consents.find((row) => row.address === address);
    const suppressed = suppressionKeys(address).some((key) => suppressedSet.has(key));
    states.set(address, {
      address,
      channel: channelOf(address),
      confirmedAt: consent?.confirmedAt ?? null,
      confirmedHow: consent?.confirmedHow ?? null,
      noticeSentAt: consent?.noticeSentAt ?? null,
      suppressed,
      refusedHere: suppressed && Boolean(consent?.refusedAt),
    });
  }
  return states;
}

/** Whether this address's mailbox said no (from any spelling of it). */
export async function isAddressSuppressed(db: Database, address: string): Promise<boolean> {
  const rows = await db
    .select({ address: practiceSuppressions.address })
    .from(practiceSuppressions)
    .where(inArray(practiceSuppressions.address, suppressionKeys(address)));
  return rows.length > 0;
}

/** A contact holds this address (a lower-case email, an E.164 number, or a column holding one). */
export function contactHasAddress(address: string | SQLWrapper) {
  return or(sql`lower(${trainingContacts.email}) = ${address}`, sql`${trainingContacts.phone} = ${address}`);
}

/** Planned practice messages to every contact (of any family) with an address in this mailbox are cancelled. */
async function cancelPlannedTo(db: Database, key: string, reason: string) {
  const holders = db
    .select({ id: trainingContacts.id })
    .from(trainingContacts)
    .where(or(eq(mailboxKeyOf(trainingContacts.email), key), eq(trainingContacts.phone, key)));
  await db
    .update(practiceMessages)
    .set({ status: "cancelled", cancelReason: reason })
    .where(and(eq(practiceMessages.status, "planned"), inArray(practiceMessages.contactId, holders)));
}

/**
 * Which families the refusal answered, so only they are told of it (`refusedHere`):
 * - `subscriptionIds`: the family whose notice's consent page or practice message got it;
 * - `noticedOnly`: every family that sent this number a notice (STOP comes back to the number
 *   every family's notice and practice text came from, so it answers each of them).
 */
export type RefusalAnswered = { subscriptionIds: string[] } | { noticedOnly: true };

/** Marks this mailbox's rows of the families the refusal answered (each spelling of it they hold). */
async function markRefused(db: Database, key: string, answered: RefusalAnswered) {
  const families =
    "noticedOnly" in answered
      ? isNotNull(practiceAddressConsents.noticeSentAt)
      : answered.subscriptionIds.length > 0
        ? inArray(practiceAddressConsents.subscriptionId, answered.subscriptionIds)
        : undefined;
  if (!families) return;
  await db
    .update(practiceAddressConsents)
    .set({ refusedAt: sql`coalesce(${practiceAddressConsents.refusedAt}, now())` })
    .where(and(eq(mailboxKeyOf(practiceAddressConsents.address), key), families));
}

/**
 * The address said no (for every family): its mailbox is suppressed, so every spelling of it
 * ("name+1@", Gmail's dots) is refused too; the mailbox's yes is withdrawn everywhere (so lifting
 * the suppression later does not restart anyone's messages without a new yes), and everything
 * planned for it is cancelled. Only the families in `answered` are told it said no; to every
 * other family it looks like an address that has not answered. True when it was not suppressed before.
 */
export async function suppressAddress(
  db: Database,
  address: string,
  reason: SuppressionReason,
  answered?: RefusalAnswered,
): Promise<boolean> {
  const key = mailboxKey(address);
  // Also when it was suppressed already: the refusal still answered this family's own message.
  if (answered) await markRefused(db, key, answered);
  const wasSuppressed = await isAddressSuppressed(db, address);
  const inserted = await db
    .insert(practiceSuppressions)
    .values({ address: key, channel: channelOf(key), reason })
    .onConflictDoNothing()
    .returning({ address: practiceSuppressions.address });
  await db
    .update(practiceAddressConsents)
    .set({ confirmedAt: null, confirmedHow: null })
    .where(and(eq(mailboxKeyOf(practiceAddressConsents.address), key), isNotNull(practiceAddressConsents.confirmedAt)));
  await cancelPlannedTo(db, key, `opted out (${reason})`);
  return inserted.length > 0 && !wasSuppressed;
}

/**
 * Only the address itself may call this: a link we sent to it, or START/YES from the phone. Lifts
 * its mailbox, and every family's record that the refusal answered it goes with it.
 */
export async function liftSuppression(db: Database, address: string): Promise<boolean> {
  const rows = await db
    .delete(practiceSuppressions)
    .where(inArray(practiceSuppressions.address, suppressionKeys(address)))
    .returning({ address: practiceSuppressions.address });
  await db
    .update(practiceAddressConsents)
    .set({ refusedAt: null })
    .where(
      and(
        eq(mailboxKeyOf(practiceAddressConsents.address), mailboxKey(address)),
        isNotNull(practiceAddressConsents.refusedAt),
      ),
    );
  return rows.length > 0;
}

/**
 * Forgets this family's consent rows for addresses no one in the family uses any more, so an
 * address given back to a person later starts again at "Waiting for consent".
 */
export async function forgetUnusedAddresses(db: Database, subscriptionId: string) {
  const inUse = db
    .select({ one: sql`1` })
    .from(trainingContacts)
    .where(
      and(eq(trainingContacts.subscriptionId, subscriptionId), contactHasAddress(practiceAddressConsents.address)),
    );
  await db
    .delete(practiceAddressConsents)
    .where(and(eq(practiceAddressConsents.subscriptionId, subscriptionId), notExists(inUse)));
}

/** A notice sent to a phone, answered or not, with what a text reply can name it by. */
export type PhoneNotice = Pick<AddressConsent, "id" | "subscriptionId" | "token" | "replyCode" | "confirmedAt"> & {
  noticeSentAt: Date;
};

/** Every notice sent to this phone by any family (still in use), answered or waiting; newest first. */
export async function noticesTo(db: Database, phone: string): Promise<PhoneNotice[]> {
  const rows = await db
    .select({
      id: practiceAddressConsents.id,
      subscriptionId: practiceAddressConsents.subscriptionId,
      token: practiceAddressConsents.token,
      replyCode: practiceAddressConsents.replyCode,
      confirmedAt: practiceAddressConsents.confirmedAt,
      noticeSentAt: practiceAddressConsents.noticeSentAt,
    })
    .from(practiceAddressConsents)
    .where(
      and(
        eq(practiceAddressConsents.address, normaliseAddress(phone)),
        isNotNull(practiceAddressConsents.noticeSentAt),
      ),
    )
    .orderBy(sql`${practiceAddressConsents.noticeSentAt} DESC`);
  return rows.map((row) => ({ ...row, noticeSentAt: row.noticeSentAt! }));
}

/**
 * The 4 digits this family's text notice asks to be sent back ("Reply YES 4821"): kept once given
 * (an earlier notice's code keeps working), else drawn so no other family's row for the phone has
 * it, answered or not (a confirmation withdrawn by a STOP makes an answered row wait again, and
 * "YES 4821" sent again to an answered notice must not fit another family's). Call inside the
 * transaction that queues the notice: the advisory lock makes two families adding the same phone
 * at once draw one after the other.
 */
export async function replyCodeFor(db: Database, consent: AddressConsent): Promise<string> {
  if (consent.replyCode) return consent.replyCode;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`practice-reply-code:${consent.address}`}))`);
  const taken = await db
    .select({ code: practiceAddressConsents.replyCode })
    .from(practiceAddressConsents)
    .where(and(eq(practiceAddressConsents.address, consent.address), isNotNull(practiceAddressConsents.replyCode)));
  const used = new Set(taken.map((row) => row.code));
  // 9,000 codes and at most a few dozen notices per phone a month: a free one is found at once.
  let code: string;
  do code = String(randomInt(1000, 10_000));
  while (used.has(code));
  await db.update(practiceAddressConsents).set({ replyCode: code }).where(eq(practiceAddressConsents.id, consent.id));
  return code;
}

/** An address that said no hears from us about it at most twice a month, whoever asks. */
const LIFT_LINK_RULE: LimitRule = { max: 2, windowSeconds: 30 * DAY };
const LIFT_LINK_HOURS = 24;

/**
 * Someone asked for practice messages to reach this address again. When it is suppressed (and has
 * not asked too often), a fresh lift token is stored and returned for a link sent *to that
 * address*; otherwise null. The caller answers the same either way, so the page never tells
 * anyone whether an address said no.
 */
export async function requestLiftLink(db: Database, address: string): Promise<string | null> {
  const [suppression] = await db
    .select({ address: practiceSuppressions.address })
    .from(practiceSuppressions)
    .where(inArray(practiceSuppressions.address, suppressionKeys(address)))
    .orderBy(sql`${practiceSuppressions.address} = ${mailboxKey(address)} DESC`)
    .limit(1);
  if (!suppression) return null;
  const limit = await hitLimit(db, `practice-opt-in:address:${mailboxKey(address)}`, LIFT_LINK_RULE);
  if (!limit.allowed) return null;
  const token = newConsentToken();
  await db
    .update(practiceSuppressions)
    .set({ liftToken: token, liftRequestedAt: sql`now()` })
    .where(eq(practiceSuppressions.address, suppression.address));
  return token;
}

/** The suppression a lift link belongs to, while the link is fresh (24 hours); null otherwise. */
export async function findLiftRequest(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ address: practiceSuppressions.address, channel: practiceSuppressions.channel })
    .from(practiceSuppressions)
    .where(
      and(
        eq(practiceSuppressions.liftToken, token),
        gt(practiceSuppressions.liftRequestedAt, sql`now() - make_interval(hours => ${LIFT_LINK_HOURS})`),
      ),
    );
  return row ?? null;
}

/** The address pressed the button in the link we sent it: its suppression is lifted. */
export async function liftByToken(db: Database, token: string): Promise<string | null> {
  const request = await findLiftRequest(db, token);
  if (!request) return null;
  await liftSuppression(db, request.address);
  return request.address;
}
