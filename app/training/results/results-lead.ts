import type { ContactView } from "~/training/people/contact-view";
import { setupSteps } from "~/training/people/setup-checklist";

/**
 * Whether Your Training Program leads with the family's results rather than with set-up: once
 * set-up is done (the checklist complete) and everyone has answered their notice (nobody is still
 * "Waiting for consent"), what a parent comes back for is how the family is doing. Until then,
 * set-up leads, as the next thing to do. Safe to import in the browser.
 */
export function resultsLead(contacts: ContactView[]): boolean {
  return setupSteps(contacts).complete && contacts.every((contact) => contact.status !== "waiting");
}
