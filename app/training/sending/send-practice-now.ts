import { z } from "zod";
import type { Translate } from "~/i18n/translate";
import type { FormResult } from "~/validation/form-result";

/**
 * "Send a practice message now" on /account/training (local mode only): the form's fields, shared
 * by the button's form and the action, and the answer the action gives, in the page's language.
 */
export const SEND_NOW_INTENT = "send-now";

/** The form's schema, its messages in `t`'s language. */
export function sendPracticeNowSchemaFor(t: Translate) {
  return z.object({
    intent: z.literal(SEND_NOW_INTENT, { error: t("sendNow.unknownAction") }),
    contactId: z.uuid({ error: t("sendNow.choosePerson") }),
  });
}

export interface SendPracticeNowResult extends FormResult {
  intent: typeof SEND_NOW_INTENT;
  /** The HTTP status the action answers with. */
  status: number;
  /** The practice message created, when ok. */
  messageId?: string;
}
