/**
 * A contact's status as the account holder sees it in the list on /account/training. The order
 * of the checks matters: opting out outranks everything, then consent, then a pause.
 */
export const CONTACT_STATUS_LABELS = {
  waiting: "Waiting for consent",
  active: "Active",
  paused: "Paused",
  "opted-out": "Opted out",
} as const;

export type ContactStatus = keyof typeof CONTACT_STATUS_LABELS;

export function contactStatus(contact: {
  consentGivenAt: Date | string | null;
  pausedAt: Date | string | null;
  optedOutAt: Date | string | null;
}): ContactStatus {
  if (contact.optedOutAt) return "opted-out";
  if (!contact.consentGivenAt) return "waiting";
  if (contact.pausedAt) return "paused";
  return "active";
}
