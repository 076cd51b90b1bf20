import { useT } from "~/i18n/use-translation";
import { TrainingForm } from "./training-form";
import { Button } from "~/ui/button";
import { SPOT_NOTICES_INTENT } from "./spot-notices";

/**
 * "Tell me when someone spots one", beside the family results on /account/training: a checkbox and
 * Save, like the other email settings. Posts to the page's action (checked by SpotNoticesSchema
 * there and here first); the answer shows as a toast. In the page's language.
 */
export function SpotNoticesForm({ enabled }: { enabled: boolean }) {
  const t = useT();
  return (
    // Keyed on the saved value so the box shows what is stored after each save.
    <TrainingForm
      key={String(enabled)}
      intent={SPOT_NOTICES_INTENT}
      label={t("familySettings.spotFormLabel")}
      className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl bg-slate-50 p-4"
    >
      {({ busy }) => (
        <>
          <div className="flex items-start gap-3">
            <input
              id="spot-notices"
              type="checkbox"
              name="enabled"
              defaultChecked={enabled}
              aria-describedby="spot-notices-hint"
              className="mt-1 h-5 w-5 flex-none accent-brand-700"
            />
            <div>
              <label htmlFor="spot-notices" className="font-semibold">
                {t("familySettings.spotLabel")}
              </label>
              <p id="spot-notices-hint" className="text-sm text-muted">
                {t("familySettings.spotHint")}
              </p>
            </div>
          </div>
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            {busy ? t("familySettings.saving") : t("familySettings.save")}
            <span className="sr-only">{t("familySettings.spotSaveLabel")}</span>
          </Button>
        </>
      )}
    </TrainingForm>
  );
}
