import { practiceLibrary } from "~/training/library/practice-library.server";
import type { Database } from "~/db/client.server";
import type { InboundEmail, InboundEmailOutcome } from "~/mail/inbound-email.server";
import { getMailBranding, queueEmail, queueText } from "~/mail/mailer.server";
import { reportThanksEmail, reportThanksText } from "~/training/people/training-emails";
import { reportThanksEmailEs, reportThanksTextEs } from "~/training/people/training-emails-es";
import { noticeHolderOfSpot } from "./spot-notices.server";
import { getEnv } from "~/config/env.server";
import { feedbackPageOnSite } from "~/training/sending/practice-composer.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import {
  findPracticeMessageByOutboxId,
  findPracticeMessageByToken,
  recordReported,
  type PracticeMessageRecord,
} from "./tracking.server";

/**
 * Reporting a practice message is the habit the Training Program builds (decision 030): a person
 * forwards a practice email to the report address (or replies to it), forwards a practice text to
 * our number, or answers it SCAM. Each report is matched to its message by what forwarding keeps:
 * - the message's own links (`https://<host>/toll/pay/<token>`, or `/practice/<token>` in messages sent
 *   before issue #36), which Gmail, Outlook and Apple Mail all keep in a forwarded copy, Outlook's
 *   Safe Links percent-encoded inside its own address;
 * - the Message-ID of the email we sent (`<outbox id@practice domain>`), which a reply names in
 *   In-Reply-To and References.
 * The first report from the address the message was sent to counts, with the time since delivery,
 * and is answered once with "Well spotted". A report from anyone else is kept, flagged, never
 * counted, and never answered: the site writes to nobody who did not agree.
 */

/** A link's token: after `/practice/`, or after a host and the one or two segments of a story's path. */
const TOKEN_IN_LINK =
  /(?:\/practice\/|https?:\/\/[A-Za-z0-9.:-]+(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}\/)([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
const OUR_MESSAGE_ID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i;
/** A forward of several practice messages at once is several reports; more than this is not a person's. */
const MOST_MESSAGES_PER_REPORT = 5;

/** Undoes percent-encoding, layer by layer (Safe Links wraps the address once, sometimes twice). */
function decodedLayers(text: string): string[] {
  const layers = [text.replaceAll("&amp;", "&")];
  for (let i = 0; i < 3; i++) {
    const last = layers[layers.length - 1]!;
    if (!last.includes("%")) break;
    try {
      layers.push(decodeURIComponent(last));
    } catch {
      // A stray "%" in ordinary text: decode the address-like runs only.
      layers.push(last.replace(/%[0-9A-Fa-f]{2}/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16))));
    }
  }
  return layers;
}

/** The practice tokens and our outbox ids a report mentions. */
export function practiceReferences(email: Pick<InboundEmail, "texts" | "inReplyTo">): {
  tokens: string[];
  outboxIds: string[];
} {
  const tokens = new Set<string>();
  for (const text of email.texts) {
    for (const layer of decodedLayers(text)) {
      for (const match of layer.matchAll(TOKEN_IN_LINK)) tokens.add(match[1]!);
    }
  }
  const outboxIds = new Set(
    email.inReplyTo.map((id) => OUR_MESSAGE_ID.exec(id)?.[1]?.toLowerCase()).filter((id): id is string => !!id),
  );
  return {
    tokens: [...tokens].slice(0, MOST_MESSAGES_PER_REPORT),
    outboxIds: [...outboxIds].slice(0, MOST_MESSAGES_PER_REPORT),
  };
}

async function messagesReferred(db: Database, email: InboundEmail): Promise<PracticeMessageRecord[]> {
  const { tokens, outboxIds } = practiceReferences(email);
  const found = new Map<string, PracticeMessageRecord>();
  for (const token of tokens) {
    const message = await findPracticeMessageByToken(db, token);
    if (message) found.set(message.id, message);
  }
  for (const outboxId of outboxIds) {
    const message = await findPracticeMessageByOutboxId(db, outboxId);
    if (message) found.set(message.id, message);
  }
  return [...found.values()].slice(0, MOST_MESSAGES_PER_REPORT);
}

/** The feedback page on the site's own host: this link goes out in the site's mail and texts. */
export function feedbackUrl(message: PracticeMessageRecord): string | null {
  return practiceSendingSetup() ? feedbackPageOnSite(message.token, getEnv().APP_URL) : null;
}

const friendly = (message: PracticeMessageRecord) =>
  message.contact.ageBand === "child" || message.contact.ageBand === "teen";

/** A practice message written in Spanish is answered in Spanish (its reader reads Spanish). */
function inSpanish(message: { scenarioId: string }): boolean {
  return practiceLibrary().byId(message.scenarioId)?.language === "es";
}

/** A report by email: forwarded to the report address, or a reply. */
export async function handlePracticeEmailReport(db: Database, email: InboundEmail): Promise<InboundEmailOutcome> {
  const messages = await messagesReferred(db, email);
  if (messages.length === 0) return "unknown";
  let outcome: InboundEmailOutcome = "kept";
  for (const message of messages) {
    const fromRecipient = message.channel === "email" && email.from === message.address;
    const result = await recordReported(db, message, { detail: "email", fromRecipient });
    if (!fromRecipient) continue;
    if (!result.event) {
      if (outcome === "kept") outcome = "already-counted";
      continue;
    }
    outcome = "counted";
    // The holder may have asked to hear of it ("Tell me when someone spots one").
    await noticeHolderOfSpot(db, message, result.event);
    const url = feedbackUrl(message);
    if (url && message.address) {
      await queueEmail(db, {
        template: "practice-report-thanks",
        to: message.address,
        ...(inSpanish(message) ? reportThanksEmailEs : reportThanksEmail)(getMailBranding(), {
          feedbackUrl: url,
          friendly: friendly(message),
        }),
      });
    }
  }
  return outcome;
}

/**
 * A report by text: SCAM (or SPOTTED) reports the phone's latest practice text; a forwarded
 * practice text reports the message its link belongs to. Answered once with a short text.
 */
export async function handlePracticeTextReport(
  db: Database,
  input: { from: string; body: string; latest: PracticeMessageRecord | null },
): Promise<"reported" | "already-reported" | "ignored"> {
  const { tokens } = practiceReferences({ texts: [input.body], inReplyTo: [] });
  const forwarded = tokens.length ? await findPracticeMessageByToken(db, tokens[0]) : null;
  const message = forwarded ?? input.latest;
  if (!message || message.channel !== "sms") return "ignored";
  const fromRecipient = message.address === input.from;
  const result = await recordReported(db, message, {
    detail: forwarded ? "forwarded text" : `reply: ${input.body.trim().slice(0, 20)}`,
    fromRecipient,
  });
  if (!fromRecipient) return "ignored";
  if (!result.event) return "already-reported";
  await noticeHolderOfSpot(db, message, result.event);
  const url = feedbackUrl(message);
  if (url) {
    const body = (inSpanish(message) ? reportThanksTextEs : reportThanksText)(url);
    await queueText(db, { template: "practice-report-thanks", to: input.from, body });
  }
  return "reported";
}
