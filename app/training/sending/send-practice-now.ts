import { z } from "zod";
import type { FormResult } from "~/validation/form-result";

/**
 * "Send a practice message now" on /account/training (local mode only): the form's fields, shared
 * by the button's form and the action, and the answer the action gives.
 */
export const SEND_NOW_INTENT = "send-now";
export const SEND_NOW_LABEL = "Send a practice message now";

export const SendPracticeNowSchema = z.object({
  intent: z.literal(SEND_NOW_INTENT, { error: "Unknown action." }),
  contactId: z.uuid({ error: "Choose a person from your Training Program." }),
});

export interface SendPracticeNowResult extends FormResult {
  intent: typeof SEND_NOW_INTENT;
  /** The HTTP status the action answers with. */
  status: number;
  /** The practice message created, when ok. */
  messageId?: string;
}
