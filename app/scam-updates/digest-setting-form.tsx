import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { useT } from "~/i18n/use-translation";
import { DIGEST_SETTING_INTENT } from "./digest-setting";

/** On /account, for members: the weekly scam-alert email, on or off. */
export function DigestSettingForm({ enabled }: { enabled: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === DIGEST_SETTING_INTENT;
  const t = useT();
  return (
    <Card className="mt-6">
      <h2 className="text-xl font-bold text-brand-900">{t("digest.title")}</h2>
      {/* Keyed on the saved value so the box shows what is stored after each save. */}
      <Form method="post" className="mt-3 space-y-4" key={String(enabled)}>
        <input type="hidden" name="intent" value={DIGEST_SETTING_INTENT} />
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={enabled}
            className="mt-1 h-5 w-5 flex-none accent-brand-700"
          />
          <span>
            {t("digest.label")}
            <span className="block text-sm text-muted">{t("digest.hint")}</span>
          </span>
        </label>
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? t("digest.saving") : t("digest.save")}
        </Button>
      </Form>
    </Card>
  );
}
