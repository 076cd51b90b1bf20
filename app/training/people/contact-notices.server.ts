import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import type { Database } from "~/db/client.server";
import { notifyOutbox } from "~/mail/mailer.server";
import {
  addressStates,
  countNoticeToAddress,
  ensureAddressConsent,
  markNoticeSent,
  normaliseAddress,
  replyCodeFor,
} from "./address-consent.server";
import { queueNotice, type NoticeChannel } from "./consent.server";
import type { Translate } from "~/i18n/translate";
import type { trainingContacts } from "~/training/tables";

/**
 * The notices the holder's changes send: which of a person's addresses are asked, within the
 * limits (this holder's day, the address's 30 days across every family), and the sentence the
 * page shows about it.
 */

type Contact = typeof trainingContacts.$inferSelect;

/** The family a notice is sent for: its subscription and the holder's name the notice shows. */
export interface NoticeFamily {
  subscriptionId: string;
  holderName: string;
}

const NOTICE_LIMITS = {
  /** Notices one account holder can cause in a day, whoever they go to. */
  perHolder: { max: 20, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

/** The addresses practice messages would use: an enabled email, an enabled phone. */
export function addressesInUse(contact: Pick<Contact, "email" | "phone" | "emailEnabled" | "smsEnabled">) {
  const addresses: { channel: "email" | "sms"; address: string }[] = [];
  if (contact.email && contact.emailEnabled)
    addresses.push({ channel: "email", address: normaliseAddress(contact.email) });
  if (contact.phone && contact.smsEnabled) addresses.push({ channel: "sms", address: normaliseAddress(contact.phone) });
  return addresses;
}

/** Every address a person has, used or not (the family's "known" addresses for the new-address limit). */
export function everyAddress(contact: Pick<Contact, "email" | "phone">): string[] {
  return [contact.email, contact.phone].filter((value): value is string => Boolean(value)).map(normaliseAddress);
}

export function channelWords(channels: NoticeChannel[], t: Translate) {
  return t.list(channels.map((channel) => (channel === "email" ? t("people.anEmail") : t("people.aText"))));
}

export interface NoticeRun {
  sent: NoticeChannel[];
  /**
   * An address no notice could go to for now: over a notice limit (this holder's day, or the
   * address's 30 days), or refused by another family's notice or message, which this family must
   * not learn (the two read the same).
   */
  limited: boolean;
  /** An address that asked this family not to send practice messages: nothing goes to it. */
  suppressed: boolean;
}

/**
 * Sends the notice to each address of this person that has not said yes: every one when
 * `resend`, else only those never asked (of the `only` ones, when given). Each notice is counted against the holder's day and the
 * address's 30 days (across every family) and queued in a transaction of its own.
 */
export async function sendNotices(
  db: Database,
  holderUserId: string,
  program: NoticeFamily,
  contact: Contact,
  options: { resend: boolean; only?: string[] },
): Promise<NoticeRun> {
  const run: NoticeRun = { sent: [], limited: false, suppressed: false };
  const addresses = addressesInUse(contact).filter(
    ({ address }) => options.only === undefined || options.only.includes(address),
  );
  const states = await addressStates(
    db,
    program.subscriptionId,
    addresses.map(({ address }) => address),
  );
  const outboxIds: string[] = [];
  for (const { channel, address } of addresses) {
    const state = states.get(address)!;
    if (state.refusedHere) {
      run.suppressed = true;
      continue;
    }
    // Suppressed by a refusal to another family: asked as if it had not answered (it has not, to
    // this family), and held exactly like an address at its limit, the holder's day counted the same.
    if ((state.confirmedAt && !state.suppressed) || (!options.resend && state.noticeSentAt)) continue;
    const byHolder = await hitLimit(db, `training-notice:holder:${holderUserId}`, NOTICE_LIMITS.perHolder);
    if (byHolder.allowed && state.suppressed) {
      run.limited = true;
      continue;
    }
    const byAddress = byHolder.allowed ? await countNoticeToAddress(db, address) : byHolder;
    if (!byHolder.allowed || !byAddress.allowed) {
      run.limited = true;
      continue;
    }
    const outboxId = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const consent = await ensureAddressConsent(tx, program.subscriptionId, address);
      const id = await queueNotice(tx, {
        contact,
        channel,
        address,
        token: consent.token,
        holderName: program.holderName,
        replyCode: channel === "sms" ? await replyCodeFor(tx, consent) : null,
      });
      if (id) await markNoticeSent(tx, consent.id);
      return id;
    });
    if (outboxId) {
      outboxIds.push(outboxId);
      run.sent.push(channel);
    }
  }
  await notifyOutbox(outboxIds);
  return run;
}

/** A sentence for the result message after a change that may have sent notices. */
export function noticeSentence(run: NoticeRun, t: Translate): string {
  const parts: string[] = [];
  if (run.sent.length > 0) parts.push(t("people.noticeAsked", { channels: channelWords(run.sent, t) }));
  if (run.suppressed) parts.push(t("people.noticeSuppressed"));
  if (run.limited) parts.push(t("people.noticeLimited"));
  if (parts.length === 0) return t("people.noticeNoWay");
  return parts.join(" ");
}
