import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { fieldErrors } from "~/validation/fields";
import { useT } from "~/i18n/use-translation";
import { DELETE_ACCOUNT_INTENT, deleteAccountSchemaFor, type DeleteAccountResult } from "./delete-account-schema";

/**
 * The last section of /account. Folded away behind a disclosure (it works by keyboard and without
 * JavaScript), says exactly what goes and what stays, and needs a ticked box and the password:
 * the same schema checks them here and on the server, which also checks the password itself.
 */
export function DeleteAccountForm({
  result,
  hasSubscription,
}: {
  result?: DeleteAccountResult;
  hasSubscription: boolean;
}) {
  const navigation = useNavigation();
  const t = useT();
  const deleting = navigation.formData?.get("intent") === DELETE_ACCOUNT_INTENT;
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const shown = problem
    ? { ok: false, title: t("delete.nothingDeleted"), ...problem }
    : result && !result.ok
      ? result
      : null;
  return (
    <Card className="mt-10 border-red-200">
      <details open={Boolean(shown)}>
        <summary className="cursor-pointer text-lg font-bold text-danger-600">{t("delete.summary")}</summary>
        <div className="mt-4 space-y-3">
          <p>{t("delete.lead")}</p>
          <ul className="list-disc space-y-1 pl-6">
            {hasSubscription && <li>{t("delete.subscription")}</li>}
            <li>{t("delete.family")}</li>
            <li>{t("delete.progress")}</li>
            <li>{t("delete.kept")}</li>
          </ul>
          <FormMessage result={shown} />
          <Form
            method="post"
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              const parsed = deleteAccountSchemaFor(t).safeParse(Object.fromEntries(new FormData(event.currentTarget)));
              if (!parsed.success) {
                event.preventDefault();
                const fields = fieldErrors(parsed.error);
                setProblem({ message: Object.values(fields)[0] ?? t("auth.checkForm"), fields });
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
              <label htmlFor="delete-confirm">{t("delete.confirm")}</label>
            </div>
            <div className="max-w-sm">
              <TextField
                id="delete-password"
                name="password"
                type="password"
                label={t("delete.password")}
                autoComplete="current-password"
                hint={t("delete.passwordHint")}
                error={shown?.fields?.password}
              />
            </div>
            <Button type="submit" variant="danger" disabled={deleting}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {deleting ? t("delete.deleting") : t("delete.button")}
            </Button>
          </Form>
        </div>
      </details>
    </Card>
  );
}
