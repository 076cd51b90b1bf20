import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { DELETE_ACCOUNT_INTENT, DeleteAccountSchema, type DeleteAccountResult } from "./delete-account-schema";

/**
 * The last section of /account. Folded away behind a disclosure (it works by keyboard and without
 * JavaScript), says exactly what goes and what stays, and needs a ticked box: the same schema
 * checks it here and on the server.
 */
export function DeleteAccountForm({
  result,
  hasSubscription,
}: {
  result?: DeleteAccountResult;
  hasSubscription: boolean;
}) {
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === DELETE_ACCOUNT_INTENT;
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem
    ? { ok: false, title: "Nothing was deleted", message: problem }
    : result && !result.ok
      ? result
      : null;
  return (
    <Card className="mt-10 border-red-200">
      <details open={Boolean(shown)}>
        <summary className="cursor-pointer text-lg font-bold text-danger-600">Delete my account</summary>
        <div className="mt-4 space-y-3">
          <p>Deleting your account cannot be undone. This is what happens, in this order:</p>
          <ul className="list-disc space-y-1 pl-6">
            {hasSubscription && <li>Your subscription is cancelled at once, so you are not charged again.</li>}
            <li>
              Every family member you enrolled is removed, with their contact details, consent, practice messages and
              results.
            </li>
            <li>
              Your course progress, your red flag trainer scores and your login are deleted, and you are signed out.
            </li>
            <li>
              We keep only what payment records require: the name and email on your payments, and the payments
              themselves.
            </li>
          </ul>
          <FormMessage result={shown} />
          <Form
            method="post"
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              const parsed = DeleteAccountSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
              if (!parsed.success) {
                event.preventDefault();
                setProblem(parsed.error.issues[0]?.message ?? "Please check the form.");
              } else {
                setProblem(null);
              }
            }}
          >
            <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
            <div className="flex items-start gap-3">
              <input
                id="delete-confirm"
                name="confirm"
                type="checkbox"
                value="yes"
                className="mt-1 h-4 w-4 shrink-0 accent-red-700"
              />
              <label htmlFor="delete-confirm">I understand: delete my account and everything in it.</label>
            </div>
            <Button type="submit" variant="danger" disabled={deleting}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {deleting ? "Deleting..." : "Delete my account"}
            </Button>
          </Form>
        </div>
      </details>
    </Card>
  );
}
