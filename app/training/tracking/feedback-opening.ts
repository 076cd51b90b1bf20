import { translatorFor, type Translate } from "~/i18n/translate";
import type { PracticeOutcome } from "./tracking.server";

/**
 * The first words of a practice message's feedback page: its heading and the sentence under it.
 * They follow what the person did, because praise after a fall reads as a joke and blame teaches
 * nothing (issue #35):
 * - clicked (pressed the button or link): kind and blame-free, it was practice and nothing happened;
 * - spotted ("I spotted it"): praise for seeing through it;
 * - reported (forwarded it, or answered SCAM): "Well spotted", the habit we most want;
 * - checked first (a drill's reply asked for the code word or a call back): "that is exactly what to do";
 * - nothing yet (opened from the weekly summary): what to look for, with no praise and no blame.
 * Children and teens get the friendly voice ("clues"), adults the plain one ("red flags").
 */

export interface FeedbackOpening {
  heading: string;
  intro: string;
}

/**
 * In the language of the message (`t`, issue #39): "Well spotted" is "¡Bien visto!" for a reader
 * of Spanish, with the same choice of voice (tú for the young, usted for adults).
 */
export function feedbackOpening(
  outcome: PracticeOutcome,
  friendly: boolean,
  count: number,
  t: Translate = translatorFor("en"),
): FeedbackOpening {
  const values = { count };
  switch (outcome) {
    case "clicked":
      return {
        heading: t("feedback.opening.clicked.heading"),
        intro: friendly
          ? t("feedback.opening.clicked.introFriendly", values)
          : t("feedback.opening.clicked.intro", values),
      };
    case "spotted":
      return friendly
        ? {
            heading: t("feedback.opening.spotted.headingFriendly"),
            intro: t("feedback.opening.spotted.introFriendly", values),
          }
        : { heading: t("feedback.opening.spotted.heading"), intro: t("feedback.opening.spotted.intro", values) };
    case "reported":
      return friendly
        ? {
            heading: t("feedback.opening.reported.headingFriendly"),
            intro: t("feedback.opening.reported.introFriendly", values),
          }
        : { heading: t("feedback.opening.reported.heading"), intro: t("feedback.opening.reported.intro", values) };
    case "checked_first":
      return {
        heading: t("feedback.opening.checkedFirst.heading"),
        intro: friendly
          ? t("feedback.opening.checkedFirst.introFriendly", values)
          : t("feedback.opening.checkedFirst.intro", values),
      };
    case null:
      return {
        heading: t("feedback.opening.none.heading"),
        intro: friendly ? t("feedback.opening.none.introFriendly", values) : t("feedback.opening.none.intro", values),
      };
  }
}
