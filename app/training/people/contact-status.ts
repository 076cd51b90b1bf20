import { translatorFor, type Translate } from "~/i18n/translate";
import type { MessageKey } from "~/i18n/messages/en";

/**
 * A contact's status as the account holder sees it in the list on /account/training, from the
 * state of the addresses practice messages would use (their enabled email and phone). Consent
 * belongs to each address (docs/decisions/025): a person is active once at least one of their
 * addresses said yes (and, for a child or teen, their parent or guardian confirmed); opted out
 * when every one of their addresses refused this family's own notice or practice message (a
 * refusal made to another family is never shown: `suppressed` here means refused this family).
 */
export type ContactStatus = "waiting" | "active" | "paused" | "opted-out";

const STATUS_KEYS = {
  waiting: "people.status.waiting",
  active: "people.status.active",
  paused: "people.status.paused",
  "opted-out": "people.status.optedOut",
} as const satisfies Record<ContactStatus, MessageKey>;

/** "Waiting for consent", "Active", "Paused", "Opted out" (or their Spanish) on the holder's card. */
export function contactStatusLabel(status: ContactStatus, t: Translate): string {
  return t(STATUS_KEYS[status]);
}

/** What the holder's card says under an opted-out person (no full stop: callers add one). */
export function optedOutExplanation(t: Translate): string {
  return t("people.optedOut");
}

export const OPTED_OUT_EXPLANATION = optedOutExplanation(translatorFor("en"));

export interface ConsentFacts {
  minor: boolean;
  guardianConfirmed: boolean;
  paused: boolean;
  /** Each address practice messages would use. */
  addresses: { confirmed: boolean; suppressed: boolean }[];
}

export function contactStatus(facts: ConsentFacts): ContactStatus {
  if (facts.addresses.length > 0 && facts.addresses.every((address) => address.suppressed)) return "opted-out";
  const agreed = facts.addresses.some((address) => address.confirmed && !address.suppressed);
  if (!agreed || (facts.minor && !facts.guardianConfirmed)) return "waiting";
  if (facts.paused) return "paused";
  return "active";
}
