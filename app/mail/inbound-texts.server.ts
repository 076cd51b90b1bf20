import type { Database } from "~/db/client.server";
import { allowPhone, isE164, suppressPhone } from "./sms-suppressions.server";

/**
 * Texts people send to our Twilio number, after /api/webhooks/twilio has checked Twilio's
 * signature. Twilio's opt-out and opt-in words are handled here (the same words Twilio itself acts
 * on for a number with default opt-out handling) and then told to the opt-out listeners; any other
 * text goes to the inbound-text listeners (the Training Program hears SCAM/SPOTTED replies and
 * "YES 4821" there). A sender that is not a phone number is answered and ignored.
 */
export const OPT_OUT_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
export const OPT_IN_WORDS = new Set(["START", "UNSTOP", "YES"]);

export interface InboundText {
  /** The sender, E.164. */
  from: string;
  /** Our number that received it. */
  to: string;
  body: string;
  /** Twilio's MessageSid (SM…). */
  messageSid: string;
  /** The body as one upper-case word when it is a single word ("stop " → "STOP"), else null. */
  keyword: string | null;
}

export type InboundOutcome = "opted-out" | "opted-in" | "other" | "not-a-phone";

export type InboundTextListener = (db: Database, text: InboundText) => Promise<void> | void;

const listeners = new Set<InboundTextListener>();

/** Hears every inbound text that is not an opt-out or opt-in word. Returns a function that stops it. */
export function onInboundText(listener: InboundTextListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const optOutListeners = new Set<InboundTextListener>();

/**
 * Hears every opt-out word (STOP and the others), after the number was suppressed here, so other
 * parts of the site can stop their own sending to that person too (the Training Program opts the
 * contacts with that phone out). Returns a function that stops it.
 */
export function onInboundOptOut(listener: InboundTextListener): () => void {
  optOutListeners.add(listener);
  return () => optOutListeners.delete(listener);
}

const optInListeners = new Set<InboundTextListener>();

/**
 * Hears every opt-in word (START, UNSTOP, YES), after the number's STOP was lifted here. Returns a
 * function that stops it.
 */
export function onInboundOptIn(listener: InboundTextListener): () => void {
  optInListeners.add(listener);
  return () => optInListeners.delete(listener);
}

/** Reads Twilio's webhook parameters (From, To, Body, MessageSid); null when From or Body is missing. */
export function parseInboundText(params: Record<string, string>): InboundText | null {
  const from = params.From?.trim();
  const body = params.Body ?? "";
  if (!from) return null;
  const word = body.trim().toUpperCase();
  return {
    from,
    to: params.To?.trim() ?? "",
    body,
    messageSid: params.MessageSid ?? params.SmsSid ?? "",
    keyword: /^[A-Z]+$/.test(word) ? word : null,
  };
}

/**
 * Only a phone number (E.164) can say STOP, START or YES for a phone: a text from a short code or
 * an alphanumeric sender names no number we could ever text, so it changes nothing (a signed STOP
 * from "ACME" was stored as a suppression).
 */
export async function handleInboundText(db: Database, text: InboundText): Promise<InboundOutcome> {
  if (!isE164(text.from)) return "not-a-phone";
  if (text.keyword && OPT_OUT_WORDS.has(text.keyword)) {
    await suppressPhone(db, text.from, text.keyword);
    for (const listener of optOutListeners) await listener(db, text);
    return "opted-out";
  }
  if (text.keyword && OPT_IN_WORDS.has(text.keyword)) {
    await allowPhone(db, text.from);
    for (const listener of optInListeners) await listener(db, text);
    return "opted-in";
  }
  for (const listener of listeners) await listener(db, text);
  return "other";
}
