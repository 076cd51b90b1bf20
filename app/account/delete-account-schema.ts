import { z } from "zod";
import type { FormResult } from "~/validation/form-result";
import { currentPasswordField } from "./auth-schemas";

/** "Delete my account" on /account: the form's fields, shared by the form and the action. */
export const DELETE_ACCOUNT_INTENT = "delete-account";

export const DeleteAccountSchema = z.object({
  intent: z.literal(DELETE_ACCOUNT_INTENT),
  confirm: z.literal("yes", {
    error: "Tick the box to confirm that you want to delete your account and everything in it.",
  }),
  // Asked again so that a browser left signed in, or a stolen session, cannot delete a family's
  // account and cancel its plan. Checked against the login on the server.
  password: currentPasswordField("Enter your password to confirm that it is you."),
});

export type DeleteAccountResult = FormResult & { intent: typeof DELETE_ACCOUNT_INTENT };
