import { z } from "zod";
import type { Translate } from "~/i18n/translate";

/** The /account form that turns the weekly scam-alert email on or off (shared by form and server). */
export const DIGEST_SETTING_INTENT = "scam-update-digest";

export function digestSettingSchemaFor(t: Translate) {
  return z.object({
    intent: z.literal(DIGEST_SETTING_INTENT),
    /** A checked checkbox sends "on"; an unchecked one sends nothing. */
    enabled: z.literal("on", { error: t("digest.useCheckbox") }).optional(),
  });
}
