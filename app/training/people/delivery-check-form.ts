import { z } from "zod";

/**
 * "Send me a test" (the person, on their consent page) and "Send a test" (the holder, on a
 * person's card): the fields both forms post, parsed by the same schema in the action.
 */
export const SEND_TEST_INTENT = "send-test";

export const DeliveryCheckRequestSchema = z.object({
  intent: z.literal(SEND_TEST_INTENT, { error: "Unknown action." }),
  contactId: z.uuid({ error: "Unknown person." }),
  channel: z.enum(["email", "sms"], { error: "Choose the email address or the phone number to test." }),
});
