/**
 * A contact's status as the account holder sees it in the list on /account/training, from the
 * state of the addresses practice messages would use (their enabled email and phone). Consent
 * belongs to each address (docs/decisions/025): a person is active once at least one of their
 * addresses said yes (and, for a child or teen, their parent or guardian confirmed); opted out
 * when every one of their addresses refused this family's own notice or practice message (a
 * refusal made to another family is never shown: `suppressed` here means refused this family).
 */
export const CONTACT_STATUS_LABELS = {
  waiting: "Waiting for consent",
  active: "Active",
  paused: "Paused",
  "opted-out": "Opted out",
} as const;

/** What the holder's card says under an opted-out person. */
export const OPTED_OUT_EXPLANATION = "This person asked not to get practice messages";

export type ContactStatus = keyof typeof CONTACT_STATUS_LABELS;

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
