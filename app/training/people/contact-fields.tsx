import { FieldError, Label } from "~/ui/input";
import { TextField } from "~/ui/text-field";
import { MAX_PERSON_NAME_LENGTH } from "~/validation/fields";
import { ageBandLabel, TIME_ZONE_GROUPS, timeZoneRegionLabel } from "./contact-schema";
import { useT } from "~/i18n/use-translation";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";
import { PRACTICE_LANGUAGE_LABELS, PRACTICE_LANGUAGES, type PracticeLanguage } from "~/family/practice-language";

export interface ContactFieldValues {
  name: string;
  /** "" for a new person: nobody is an adult (or a child) until the holder says so. */
  ageBand: AgeBand | "";
  email: string | null;
  phone: string | null;
  emailEnabled: boolean;
  smsEnabled: boolean;
  timeZone: string;
  language: PracticeLanguage;
}

const selectClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink focus-visible:border-brand-600 aria-[invalid=true]:border-danger-600";

/** The zones in the select: the common list, plus the current one if it is not in it. */
function zoneGroups(current: string): typeof TIME_ZONE_GROUPS {
  const listed = TIME_ZONE_GROUPS.some((group) => group.zones.includes(current));
  return listed ? TIME_ZONE_GROUPS : [...TIME_ZONE_GROUPS, { region: "current", zones: [current] }];
}

/** The fields of one person, shared by the add form and each person's edit form. */
export function ContactFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string;
  values: ContactFieldValues;
  errors: Record<string, string>;
}) {
  const t = useT();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={id("name")}
        label={t("people.fields.name")}
        name="name"
        required
        maxLength={MAX_PERSON_NAME_LENGTH}
        defaultValue={values.name}
        error={errors.name}
      />
      <div>
        <Label htmlFor={id("age-band")}>{t("people.fields.ageBand")}</Label>
        <select
          id={id("age-band")}
          name="ageBand"
          defaultValue={values.ageBand}
          className={selectClass}
          aria-invalid={Boolean(errors.ageBand)}
          aria-describedby={`${id("age-band")}-error`}
        >
          {values.ageBand === "" && <option value="">{t("people.fields.choose")}</option>}
          {AGE_BANDS.map((band) => (
            <option key={band} value={band}>
              {ageBandLabel(band, t)}
            </option>
          ))}
        </select>
        <FieldError id={`${id("age-band")}-error`} message={errors.ageBand} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id("language")}>{t("people.fields.language")}</Label>
        <select
          id={id("language")}
          name="language"
          defaultValue={values.language}
          className={selectClass}
          aria-invalid={Boolean(errors.language)}
          aria-describedby={`${id("language")}-hint ${id("language")}-error`}
        >
          {PRACTICE_LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {PRACTICE_LANGUAGE_LABELS[language]}
            </option>
          ))}
        </select>
        <p id={`${id("language")}-hint`} className="mt-1 text-sm text-muted">
          {t("people.fields.languageHint")}
        </p>
        <FieldError id={`${id("language")}-error`} message={errors.language} />
      </div>
      <TextField
        id={id("email")}
        label={t("people.card.email")}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        defaultValue={values.email ?? ""}
        error={errors.email}
      />
      <TextField
        id={id("phone")}
        label={t("people.fields.mobile")}
        name="phone"
        type="tel"
        autoComplete="off"
        maxLength={32}
        defaultValue={values.phone ?? ""}
        hint={t("people.fields.mobileHint")}
        error={errors.phone}
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t("people.fields.sendBy")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name="emailEnabled"
              defaultChecked={values.emailEnabled}
              className="h-5 w-5 accent-brand-700"
            />
            {t("people.card.email")}
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name="smsEnabled"
              defaultChecked={values.smsEnabled}
              className="h-5 w-5 accent-brand-700"
            />
            {t("people.fields.textMessage")}
          </label>
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <Label htmlFor={id("time-zone")}>{t("people.timeZone")}</Label>
        <select
          id={id("time-zone")}
          name="timeZone"
          defaultValue={values.timeZone}
          className={selectClass}
          aria-invalid={Boolean(errors.timeZone)}
          aria-describedby={`${id("time-zone")}-hint ${id("time-zone")}-error`}
        >
          {zoneGroups(values.timeZone).map((group) => (
            <optgroup key={group.region} label={timeZoneRegionLabel(group.region, t)}>
              {group.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p id={`${id("time-zone")}-hint`} className="mt-1 text-sm text-muted">
          {t("people.fields.timeZoneHint")}
        </p>
        <FieldError id={`${id("time-zone")}-error`} message={errors.timeZone} />
      </div>
    </div>
  );
}
