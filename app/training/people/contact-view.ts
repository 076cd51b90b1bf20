import { translatorFor, type Translate } from "~/i18n/translate";
import type { ContactStatus } from "./contact-status";
import type { DeliverySteps } from "./delivery-steps";
import type { PracticeLanguage } from "~/family/practice-language";

/** The latest delivery test of an address (people/delivery-checks.server.ts). */
export interface CheckState {
  sentAt: string;
  confirmedAt: string | null;
}
import type { AgeBand } from "~/family/age-bands";

/** What /account/training shows (built by contact-settings.server.ts; safe to import in the browser). */

/** One person as the page shows them. */
export interface ContactView {
  id: string;
  name: string;
  ageBand: AgeBand;
  ageBandLabel: string;
  email: string | null;
  phone: string | null;
  emailEnabled: boolean;
  smsEnabled: boolean;
  timeZone: string;
  /** The language they read: their notice, practice messages and pages come in it. */
  language: PracticeLanguage;
  status: ContactStatus;
  statusLabel: string;
  minor: boolean;
  /** False for a person from an older checkout whose age group nobody chose yet: no notice until it is. */
  ageBandSet: boolean;
  /** The account holder's own entry (same email as the account): they can say yes right here. */
  isHolder: boolean;
  /** When the parent or guardian confirmed (children and teens only). */
  guardianConfirmedAt: string | null;
  /** The addresses practice messages would use, each with its own consent. */
  addresses: AddressView[];
  /** The newest notice sent to any of them. */
  noticeSentAt: string | null;
}

/** One email address or phone number of a person, and where its consent stands. */
export interface AddressView {
  channel: "email" | "sms";
  address: string;
  /** agreed: said yes (`since`); asked: a notice went out, no answer yet; waiting: not asked yet; opted-out: said no. */
  state: "agreed" | "asked" | "waiting" | "opted-out";
  since: string | null;
  /** 'notice-link', 'text-reply' or 'account-email' when agreed. */
  how: string | null;
  /** Why practice messages to it are paused (two bounced emails, or two undelivered texts), or null. */
  paused: string | null;
  /**
   * While email practice rests after the person pressed "Report spam" on one (a receiver's
   * complaint): "Email practice rests until …". Good news, not a fault, so shown apart from `paused`.
   */
  resting: string | null;
  /**
   * Once it said yes: "Make sure practice messages reach them" (its mail service's or phone's
   * steps) and its latest "Send a test" (null before any).
   */
  delivery: { steps: DeliverySteps; check: CheckState | null } | null;
}

export type TrainingPageView =
  | { kind: "not-member" }
  /** Has access as a family member on someone else's plan: that person manages it. */
  | { kind: "family-member" }
  | {
      kind: "program";
      planName: string;
      limit: number;
      access: boolean;
      /** Shown when there is no access: why practice messages have stopped. */
      stoppedMessage: string | null;
      contacts: ContactView[];
      /** "Tell me when someone spots one" is on (spot-notices.ts). */
      spotNotices: boolean;
      /** When the family agreed its code word (ISO), or null; never the word. */
      codeWordAgreedAt: string | null;
    };

/**
 * What a card says after a person's email or phone: whether practice messages go there. A person
 * who stopped them (everywhere, or at this address) reads as stopped, never as "emails on": the
 * holder's own setting is still on, but nothing is sent (issue #35).
 */
export function channelSetting(
  contact: Pick<ContactView, "status" | "emailEnabled" | "smsEnabled" | "addresses">,
  channel: AddressView["channel"],
  t: Translate = translatorFor("en"),
): { text: string; stopped: boolean } {
  const email = channel === "email";
  const address = contact.addresses.find((candidate) => candidate.channel === channel);
  if (contact.status === "opted-out" || address?.state === "opted-out") {
    return { text: email ? t("people.card.emailsStopped") : t("people.card.textsStopped"), stopped: true };
  }
  const enabled = email ? contact.emailEnabled : contact.smsEnabled;
  const text = email
    ? enabled
      ? t("people.card.emailsOn")
      : t("people.card.emailsOff")
    : enabled
      ? t("people.card.textsOn")
      : t("people.card.textsOff");
  return { text, stopped: false };
}
