import { z } from "zod";
import { toE164 } from "./contact-schema";

/**
 * The "Get practice messages again" form: one email address or mobile number, the address that
 * asked us to stop. The same schema checks the form in the browser and the post on the server.
 */
export const OPT_IN_MESSAGES = {
  address:
    "Enter the email address or mobile number (with its country code, like +1 555 010 0123) that asked us to stop.",
} as const;

export const OptInRequestSchema = z.object({
  address: z
    .string({ error: OPT_IN_MESSAGES.address })
    .trim()
    .min(3, OPT_IN_MESSAGES.address)
    .max(254, OPT_IN_MESSAGES.address)
    .transform((value, context) => {
      if (value.includes("@")) {
        if (z.email().safeParse(value).success) return value.toLowerCase();
      } else {
        const phone = toE164(value);
        if (phone) return phone;
      }
      context.addIssue({ code: "custom", message: OPT_IN_MESSAGES.address });
      return z.NEVER;
    }),
});

export const OptInConfirmSchema = z.object({
  intent: z.literal("lift", { error: "Please use the button on this page." }),
});
