import { getEnv, PRACTICE_SETTINGS_MISSING } from "~/config/env.server";

/** What a practice message needs from the deployment to leave: its own domain, link origin and number. */
export interface PracticeSendingSetup {
  mailDomain: string;
  linkOrigin: string;
  /** The first number texts arrive from, as the feedback page shows it when it knows no other. */
  textSender: string;
  /** Every number practice texts can come from, as the notices and Your Training Program list them. */
  textSenders: string[];
  /**
   * The number a scenario's texts come from (issue #36): one of textSenders, the same every time
   * for the same key (a scenario, or a sequence, whose steps must all come from one number).
   */
  textSenderFor(key: string): string;
  /** Where people forward practice emails to report them: `report@PRACTICE_MAIL_DOMAIN`. */
  reportAddress: string;
}

/** The local mailbox's texts come from fictional numbers in the reserved 555-01xx range. */
const LOCAL_TEXT_SENDERS = ["+1 (202) 555-0100", "+1 (202) 555-0104", "+1 (202) 555-0108"];
/** A Messaging Service picks the number from its pool itself: the pages then say so in words. */
const SERVICE_SENDER = "one of the Training Program's numbers";

/** A small, stable hash: the same key always picks the same number, and keys spread over the list. */
function pickFor(key: string, list: readonly string[]): string {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return list[hash % list.length]!;
}

export class PracticeSendingNotSetUp extends Error {
  constructor() {
    super(PRACTICE_SETTINGS_MISSING);
    this.name = "PracticeSendingNotSetUp";
  }
}

/** The setup, or null on a production site without PRACTICE_MAIL_DOMAIN and PRACTICE_LINK_ORIGIN. */
export function practiceSendingSetup(): PracticeSendingSetup | null {
  const env = getEnv();
  if (!env.practice) return null;
  const textSenders = env.twilio
    ? env.twilio.numbers.length
      ? env.twilio.numbers
      : [SERVICE_SENDER]
    : LOCAL_TEXT_SENDERS;
  // Through a Messaging Service its pool chooses the number (Twilio keeps one per recipient), so a
  // scenario cannot keep one of its own, and the feedback page says "one of" them.
  const service = Boolean(env.twilio?.messagingServiceSid);
  return {
    ...env.practice,
    textSender: textSenders[0]!,
    textSenders,
    textSenderFor: (key) => (service ? SERVICE_SENDER : pickFor(key, textSenders)),
    reportAddress: `${env.PRACTICE_REPORT_LOCAL_PART}@${env.practice.mailDomain}`,
  };
}

/** As practiceSendingSetup, for the moment a message is composed: without the settings it is refused. */
export function requirePracticeSendingSetup(): PracticeSendingSetup {
  const setup = practiceSendingSetup();
  if (!setup) throw new PracticeSendingNotSetUp();
  return setup;
}
