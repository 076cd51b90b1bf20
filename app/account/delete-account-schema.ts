import { z } from "zod";
import type { Translate } from "~/i18n/translate";
import type { FormResult } from "~/validation/form-result";
import { currentPasswordField } from "./auth-schemas";

/** "Delete my account" on /account: the form's fields, shared by the form and the action. */
export const DELETE_ACCOUNT_INTENT = "delete-account";

/** The form's schema, its messages in `t`'s language (/es/account, issue #39). */
export function deleteAccountSchemaFor(t: Translate) {
  return z.object({
    intent: z.literal(DELETE_ACCOUNT_INTENT),
    confirm: z.literal("yes", { error: t("delete.confirmRequired") }),
    // Asked again so that a browser left signed in, or a stolen session, cannot delete a family's
    // account and cancel its plan. Checked against the login on the server.
    password: currentPasswordField(t("delete.passwordRequired"), t),
  });
}

export type DeleteAccountResult = FormResult & { intent: typeof DELETE_ACCOUNT_INTENT };
