import { z } from "zod";

/**
 * "Tell me when someone spots one": the account holder's setting on /account/training (beside the
 * family results), worded here and checked by the same schema in the browser and in the action
 * (contact-schema.ts lists it among the page's intents). Safe to import in the browser.
 */

export const SPOT_NOTICES_INTENT = "spot-notices";
export const SPOT_NOTICES_LABEL = "Tell me when someone spots one";
export const SPOT_NOTICES_HINT = "One email a day at most.";

export const SpotNoticesSchema = z.object({
  /** A ticked checkbox sends "on"; an unticked one sends nothing. Anything else is refused. */
  enabled: z
    .literal("on", { error: `Please use the "${SPOT_NOTICES_LABEL}" box on this page.` })
    .optional()
    .transform((value) => value === "on"),
});

/** What the page says once the setting is saved. */
export function spotNoticesSaved(enabled: boolean): { title: string; message: string } {
  return enabled
    ? {
        title: "We will tell you",
        message:
          "When someone in your family spots or reports a practice message, we email you: one email a day at most.",
      }
    : {
        title: "No more spot emails",
        message: "We will not email you when someone spots one. Your family results still show every one.",
      };
}
