import { getEnv, PRACTICE_SETTINGS_MISSING } from "~/config/env.server";

/** What a practice message needs from the deployment to leave: its own domain, link origin and number. */
export interface PracticeSendingSetup {
  mailDomain: string;
  linkOrigin: string;
  /** The number texts arrive from, as the feedback page shows it. */
  textSender: string;
  /** Where people forward practice emails to report them: `report@PRACTICE_MAIL_DOMAIN`. */
  reportAddress: string;
}

/** The local mailbox's texts come from a fictional number in the reserved 555-01xx range. */
const LOCAL_TEXT_SENDER = "+1 (202) 555-0100";

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
  const twilioNumber = env.TWILIO_FROM?.startsWith("+") ? env.TWILIO_FROM : undefined;
  // A Messaging Service picks the number itself; the feedback page then says so in words.
  const textSender = env.TWILIO_FROM ? (twilioNumber ?? "the Training Program's number") : LOCAL_TEXT_SENDER;
  return { ...env.practice, textSender, reportAddress: `${env.PRACTICE_REPORT_LOCAL_PART}@${env.practice.mailDomain}` };
}

/** As practiceSendingSetup, for the moment a message is composed: without the settings it is refused. */
export function requirePracticeSendingSetup(): PracticeSendingSetup {
  const setup = practiceSendingSetup();
  if (!setup) throw new PracticeSendingNotSetUp();
  return setup;
}
