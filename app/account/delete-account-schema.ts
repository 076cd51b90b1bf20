import { z } from "zod";
import type { FormResult } from "~/validation/form-result";

/** "Delete my account" on /account: the form's fields, shared by the form and the action. */
export const DELETE_ACCOUNT_INTENT = "delete-account";

export const DeleteAccountSchema = z.object({
  intent: z.literal(DELETE_ACCOUNT_INTENT),
  confirm: z.literal("yes", {
    error: "Tick the box to confirm that you want to delete your account and everything in it.",
  }),
});

export type DeleteAccountResult = FormResult & { intent: typeof DELETE_ACCOUNT_INTENT };
