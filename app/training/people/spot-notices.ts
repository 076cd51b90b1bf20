import { z } from "zod";
import { translatorFor, type Translate } from "~/i18n/translate";

/**
 * "Tell me when someone spots one": the account holder's setting on /account/training (beside the
 * family results), worded here in the page's language and checked by the same schema in the
 * browser and in the action (contact-schema.ts lists it among the page's intents). Safe to import
 * in the browser.
 */

const english = translatorFor("en");

export const SPOT_NOTICES_INTENT = "spot-notices";
/** The box's label in English, as the English spot email quotes it; the form words it in the page's language. */
export const SPOT_NOTICES_LABEL = english("familySettings.spotLabel");

/** The setting's schema, its message in `t`'s language. */
export function spotNoticesSchemaFor(t: Translate) {
  return z.object({
    /** A ticked checkbox sends "on"; an unticked one sends nothing. Anything else is refused. */
    enabled: z
      .literal("on", { error: t("familySettings.useBox", { label: t("familySettings.spotLabel") }) })
      .optional()
      .transform((value) => value === "on"),
  });
}

/** The English schema, for callers that have no page language. */
export const SpotNoticesSchema = spotNoticesSchemaFor(english);

/** What the page says once the setting is saved, in `t`'s language. */
export function spotNoticesSaved(enabled: boolean, t: Translate = english): { title: string; message: string } {
  return enabled
    ? { title: t("familySettings.spotOnTitle"), message: t("familySettings.spotOn") }
    : { title: t("familySettings.spotOffTitle"), message: t("familySettings.spotOff") };
}
