import { useT } from "~/i18n/use-translation";
import { TrainingForm } from "./training-form";
import { Button } from "~/ui/button";
import { CODE_WORD_INTENT, dateInputValue, longDate } from "./code-word";

/**
 * "Our family has a code word", beside the family results on /account/training: a checkbox, the
 * date it was agreed, and Save. Nothing here asks for the word. Posts to the page's action
 * (CodeWordSchema there and here first); the answer shows as a toast. In the page's language.
 */
export function CodeWordForm({ agreedAt }: { agreedAt: string | null }) {
  const t = useT();
  const agreed = agreedAt ? new Date(agreedAt) : null;
  return (
    <TrainingForm
      key={agreedAt ?? "none"}
      intent={CODE_WORD_INTENT}
      label={t("familySettings.codeFormLabel")}
      className="mt-4 space-y-3 rounded-2xl bg-slate-50 p-4"
    >
      {({ busy }) => (
        <>
          <div className="flex items-start gap-3">
            <input
              id="code-word"
              type="checkbox"
              name="has"
              defaultChecked={Boolean(agreed)}
              aria-describedby="code-word-hint"
              className="mt-1 h-5 w-5 flex-none accent-brand-700"
            />
            <div>
              <label htmlFor="code-word" className="font-semibold">
                {t("familySettings.codeLabel")}
              </label>
              <p id="code-word-hint" className="text-sm text-muted">
                {t("familySettings.codeHint")}
              </p>
              {agreed && (
                <p className="mt-1 text-sm">{t("familySettings.agreedOnDate", { date: longDate(agreed, t.locale) })}</p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-end gap-3 pl-8">
            <label className="text-sm">
              <span className="block font-semibold">{t("familySettings.agreedOn")}</span>
              <input
                type="date"
                name="agreedOn"
                defaultValue={agreed ? dateInputValue(agreed) : ""}
                className="mt-1 min-h-11 rounded-lg border border-slate-300 px-3"
              />
            </label>
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {busy ? t("familySettings.saving") : t("familySettings.save")}
              <span className="sr-only">{t("familySettings.codeSaveLabel")}</span>
            </Button>
          </div>
        </>
      )}
    </TrainingForm>
  );
}
