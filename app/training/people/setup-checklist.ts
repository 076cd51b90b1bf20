import type { ContactView } from "./contact-view";

/**
 * The three steps that stand between paying and the first practice message, at the top of Your
 * Training Program until they are done; then a short "All set" line in their place, so the parent
 * sees that set-up worked instead of a list that vanished (issue #35):
 * 1. who each person is (their age group chosen: a child must never get the adult notice);
 * 2. the parent or guardian's confirmation for each child or teen;
 * 3. a notice sent to (or a yes from) every address practice messages would use.
 * People who asked not to get practice messages are left out: nothing more can be done for them.
 * Safe to import in the browser.
 */
export interface SetupStep {
  id: "who" | "guardian" | "notices";
  title: string;
  /** What is left, in a sentence; null once the step is done. */
  left: string | null;
}

function names(people: ContactView[]): string {
  const list = people.map((person) => person.name);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/**
 * The "All set" line once every step is done, honest about where the family stands: everyone has
 * said yes and a test showed messages reach each address; everyone has said yes but not every
 * address was tested; or the notices are out and some answers are still to come.
 */
export function allSetLine(people: ContactView[]): string {
  const addresses = people.flatMap((person) => person.addresses.filter((address) => address.state !== "opted-out"));
  if (addresses.some((address) => address.state !== "agreed")) {
    return "All set: the notices are out. Practice messages start for each person once they say yes.";
  }
  if (addresses.every((address) => address.delivery?.check?.confirmedAt)) {
    return "All set: everyone has said yes and messages reach them.";
  }
  return "All set: everyone has said yes. To be sure practice messages reach them, send a test from their card.";
}

export function setupSteps(contacts: ContactView[]): {
  steps: SetupStep[];
  complete: boolean;
  /** The "All set" line once complete, or null. */
  allSet: string | null;
} {
  const people = contacts.filter((contact) => contact.status !== "opted-out");
  const unnamed = people.filter((contact) => !contact.ageBandSet);
  const unconfirmed = people.filter((contact) => contact.ageBandSet && contact.minor && !contact.guardianConfirmedAt);
  const unasked = people.filter(
    (contact) =>
      contact.ageBandSet &&
      (!contact.minor || contact.guardianConfirmedAt) &&
      contact.addresses.some((address) => address.state === "waiting"),
  );
  const steps: SetupStep[] = [
    {
      id: "who",
      title: "Say who each person is",
      left: unnamed.length ? `Choose the age group of ${names(unnamed)} (Edit, on their card).` : null,
    },
    {
      id: "guardian",
      title: "Confirm for children and teens",
      left: unconfirmed.length ? `Confirm that you are the parent or guardian of ${names(unconfirmed)}.` : null,
    },
    {
      id: "notices",
      title: "Send the notices",
      left: unasked.length
        ? `Send ${names(unasked)} the notice: nothing goes to anyone until they say yes from their own inbox or phone.`
        : null,
    },
  ];
  // A step after an unfinished one waits for it (its people are not counted yet), so the list
  // reads in order; the whole list is done only when every step is.
  const complete = people.length > 0 && steps.every((step) => step.left === null);
  return { steps, complete, allSet: complete ? allSetLine(people) : null };
}
