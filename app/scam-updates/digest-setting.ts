import { z } from "zod";

/** The /account form that turns the weekly scam-alert email on or off (shared by form and server). */
export const DIGEST_SETTING_INTENT = "scam-update-digest";

export const DigestSettingSchema = z.object({
  intent: z.literal(DIGEST_SETTING_INTENT),
  /** A checked checkbox sends "on"; an unchecked one sends nothing. */
  enabled: z.literal("on", { error: "Please use the checkbox on the account page." }).optional(),
});
