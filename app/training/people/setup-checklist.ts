import { translatorFor, type Translate } from "~/i18n/translate";
import type { ContactView } from "./contact-view";

/**
 * The three steps that stand between paying and the first practice message, at the top of Your
 * Training Program until they are done; then a short "All set" line in their place, so the parent
 * sees that set-up worked instead of a list that vanished (issue #35):
 * 1. who each person is (their age group chosen: a child must never get the adult notice);
 * 2. the parent or guardian's confirmation for each child or teen;
 * 3. a notice sent to (or a yes from) every address practice messages would use.
 * People who asked not to get practice messages are left out: nothing more can be done for them.
 * Worded in `t`'s language (English unless given). Safe to import in the browser.
 */
export interface SetupStep {
  id: "who" | "guardian" | "notices";
  title: string;
  /** What is left, in a sentence; null once the step is done. */
  left: string | null;
}

const english = translatorFor("en");

/** "Rosa, Sam and Carlos" ("Rosa, Sam y Carlos"): the English keeps its list without the serial comma. */
function names(people: ContactView[], t: Translate): string {
  const list = people.map((person) => person.name);
  if (t.locale !== "en") return t.list(list);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/**
 * The "All set" line once every step is done, honest about where the family stands: everyone has
 * said yes and a test showed messages reach each address; everyone has said yes but not every
 * address was tested; or the notices are out and some answers are still to come.
 */
export function allSetLine(people: ContactView[], t: Translate = english): string {
  const addresses = people.flatMap((person) => person.addresses.filter((address) => address.state !== "opted-out"));
  if (addresses.some((address) => address.state !== "agreed")) return t("trainingSetup.allSetWaiting");
  if (addresses.every((address) => address.delivery?.check?.confirmedAt)) return t("trainingSetup.allSetTested");
  return t("trainingSetup.allSetUntested");
}

export function setupSteps(
  contacts: ContactView[],
  t: Translate = english,
): {
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
      title: t("trainingSetup.who"),
      left: unnamed.length ? t("trainingSetup.whoLeft", { names: names(unnamed, t) }) : null,
    },
    {
      id: "guardian",
      title: t("trainingSetup.guardian"),
      left: unconfirmed.length ? t("trainingSetup.guardianLeft", { names: names(unconfirmed, t) }) : null,
    },
    {
      id: "notices",
      title: t("trainingSetup.notices"),
      left: unasked.length ? t("trainingSetup.noticesLeft", { names: names(unasked, t) }) : null,
    },
  ];
  // A step after an unfinished one waits for it (its people are not counted yet), so the list
  // reads in order; the whole list is done only when every step is.
  const complete = people.length > 0 && steps.every((step) => step.left === null);
  return { steps, complete, allSet: complete ? allSetLine(people, t) : null };
}
