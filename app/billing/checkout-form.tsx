import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { useHydrated } from "~/ui/use-hydrated";
import type { FormResult } from "~/validation/form-result";
import type { MessageKey } from "~/i18n/messages/en";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { checkoutSchemaFor, checkoutFieldErrors } from "./checkout-schema";
import { MAX_FAMILY_MEMBERS, PAID_PLAN_IDS, PLANS, planDescriptionIn, planNameIn, type PaidPlanId } from "./plans";
import { useBrowserTimeZone } from "~/family/browser-time-zone";
import { PRACTICE_LANGUAGE_LABELS, PRACTICE_LANGUAGES } from "~/family/practice-language";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";

export interface CheckoutFormValues {
  plan: PaidPlanId | null;
  name: string;
  email: string;
  phone: string;
  memberEmail: string[];
  memberPhone: string[];
  memberName: string[];
  memberAgeBand: string[];
  /** "en" or "es" per row; older saved values have none (English). */
  memberLanguage?: string[];
}

export interface CheckoutFormResult extends FormResult {
  ok: false;
  /** What the person typed, so the form comes back filled in. */
  values?: CheckoutFormValues;
}

const memberSlots = Array.from({ length: MAX_FAMILY_MEMBERS }, (_, index) => index);

function padded(list: string[]) {
  return memberSlots.map((index) => list[index] ?? "");
}

/** Each field the schema can refuse, in page order: what it is called on screen and what to focus. */
function fieldsIn(t: Translate): { key: string; label: string; inputId: string }[] {
  return [
    { key: "plan", label: t("checkout.selectPlan"), inputId: "checkout-plan-premium" },
    { key: "name", label: t("checkout.fullName"), inputId: "checkout-name" },
    { key: "email", label: t("checkout.primaryEmail"), inputId: "checkout-email" },
    { key: "phone", label: t("checkout.primaryPhone"), inputId: "checkout-phone" },
    ...memberSlots.flatMap((index) => {
      const number = index + 1;
      return [
        {
          key: `memberName${number}`,
          label: t("checkout.memberFirstName", { number }),
          inputId: `member-name-${number}`,
        },
        {
          key: `memberAgeBand${number}`,
          label: t("checkout.memberAgeGroup", { number }),
          inputId: `member-age-band-${number}`,
        },
        {
          key: `memberLanguage${number}`,
          label: t("checkout.memberLanguage", { number }),
          inputId: `member-language-${number}`,
        },
        {
          key: `memberEmail${number}`,
          label: t("checkout.memberEmail", { number }),
          inputId: `member-email-${number}`,
        },
        {
          key: `memberPhone${number}`,
          label: t("checkout.memberPhone", { number }),
          inputId: `member-phone-${number}`,
        },
      ];
    }),
  ];
}

/** The first field that keeps 'Complete Checkout' disabled, with the schema's own message for it. */
function firstBlocker(errors: Record<string, string>, t: Translate) {
  const field = fieldsIn(t).find(({ key }) => errors[key]);
  if (!field) return null;
  return { ...field, message: field.key === "plan" ? t("checkout.choosePlan") : errors[field.key] };
}

const AGE_BAND_KEYS: Record<AgeBand, MessageKey> = {
  child: "checkout.ageBand.child",
  teen: "checkout.ageBand.teen",
  adult: "checkout.ageBand.adult",
  "older-adult": "checkout.ageBand.olderAdult",
};

/**
 * The checkout form. It posts to the route's action, which validates with the same schema; here the
 * schema only decides when 'Complete Checkout' may be pressed. Before JavaScript loads the button
 * stays enabled, so the form still works (the server then says what is missing).
 */
export function CheckoutForm({
  initial,
  result,
  busy,
  onPlanChange,
}: {
  initial: CheckoutFormValues;
  result?: CheckoutFormResult | null;
  busy: boolean;
  /** Told when a plan card is chosen, so the page can keep its address and subtitle in step. */
  onPlanChange?: (plan: PaidPlanId) => void;
}) {
  const start = result?.values ?? initial;
  const [values, setValues] = useState<CheckoutFormValues>({
    ...start,
    memberEmail: padded(start.memberEmail),
    memberPhone: padded(start.memberPhone),
    memberName: padded(start.memberName ?? []),
    memberAgeBand: padded(start.memberAgeBand ?? []),
    memberLanguage: padded(start.memberLanguage ?? []).map((language) => language || "en"),
  });
  const hydrated = useHydrated();
  const t = useT();
  const schema = useMemo(() => checkoutSchemaFor(t), [t]);

  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = parsed.success ? {} : checkoutFieldErrors(parsed.error);
  const serverErrors = result?.fields ?? {};
  // Server messages until the person edits; then what the schema says now, for touched fields only.
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errorFor = (field: string) => (touched[field] ? clientErrors[field] : serverErrors[field]);
  // Fields edited since the server last answered. Once every field it refused has been edited and
  // now passes, its "Please check your details" banner is out of date and goes.
  const [edits, setEdits] = useState<{ answer: typeof result; fields: Record<string, boolean> }>({
    answer: result,
    fields: {},
  });
  const changed = edits.answer === result ? edits.fields : {};
  const setChanged = (update: (fields: Record<string, boolean>) => Record<string, boolean>) =>
    setEdits((current) => ({ answer: result, fields: update(current.answer === result ? current.fields : {}) }));
  const refusedFields = Object.keys(serverErrors);
  const bannerFixed =
    hydrated && refusedFields.length > 0 && refusedFields.every((field) => changed[field] && !clientErrors[field]);

  const plan = values.plan ? PLANS[values.plan] : null;
  const canSubmit = !busy && (!hydrated || parsed.success);
  const blocker = hydrated && !busy ? firstBlocker(clientErrors, t) : null;

  const set = (field: keyof CheckoutFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => ({ ...current, [field]: true }));
  };
  const setMember = (
    field: "memberEmail" | "memberPhone" | "memberName" | "memberAgeBand" | "memberLanguage",
    index: number,
    value: string,
  ) => {
    setValues((current) => {
      const list = [...(current[field] ?? [])];
      list[index] = value;
      return { ...current, [field]: list };
    });
    setChanged((current) => ({ ...current, [`${field}${index + 1}`]: true }));
  };
  const choosePlan = (id: PaidPlanId) => {
    set("plan", id);
    onPlanChange?.(id);
  };
  const timeZone = useBrowserTimeZone();
  const touch = (field: string) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <Form method="post" noValidate className="grid gap-8 lg:grid-cols-[1fr_320px]">
      {/* The family's starting time zone for practice messages (see importCheckoutContacts). */}
      {timeZone && <input type="hidden" name="timeZone" value={timeZone} />}
      <div className="space-y-8">
        <FormMessage result={bannerFixed ? null : result} />
        <fieldset>
          <legend className="text-xl font-bold text-brand-900">{t("checkout.selectPlan")}</legend>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {PAID_PLAN_IDS.map((id) => {
              const option = PLANS[id];
              const selected = values.plan === id;
              return (
                <label
                  key={id}
                  className={cn(
                    "relative block cursor-pointer rounded-2xl border-2 bg-white p-5 shadow-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2",
                    selected ? "border-brand-700 ring-2 ring-brand-200" : "border-slate-200 hover:border-brand-300",
                  )}
                >
                  <input
                    type="radio"
                    id={`checkout-plan-${id}`}
                    name="plan"
                    value={id}
                    checked={selected}
                    onChange={() => choosePlan(id)}
                    className="sr-only"
                  />
                  <span className="flex items-start justify-between gap-2">
                    <span className="text-lg font-bold text-ink">{planNameIn(t, id)}</span>
                    {selected && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                        <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
                        {t("checkout.selected")}
                      </span>
                    )}
                  </span>
                  <span className="mt-2 block text-sm text-muted">{planDescriptionIn(t, id)}</span>
                  <span className="mt-3 block text-2xl font-bold text-brand-800">
                    {t("checkout.pricePerMonthShort", { price: option.price })}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-brand-900">{t("checkout.yourInformation")}</legend>
          <p className="flex gap-2 rounded-lg border border-amber-300 bg-warn-50 p-3 text-sm text-amber-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5 flex-none" />
            <span>{t("checkout.consentWarning")}</span>
          </p>
          <TextField
            id="checkout-name"
            name="name"
            label={t("checkout.fullName")}
            autoComplete="name"
            required
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            onBlur={touch("name")}
            error={errorFor("name")}
          />
          <TextField
            id="checkout-email"
            name="email"
            type="email"
            label={t("checkout.primaryEmail")}
            autoComplete="email"
            required
            readOnly
            value={values.email}
            onChange={(event) => set("email", event.target.value)}
            onBlur={touch("email")}
            error={errorFor("email")}
            hint={t("checkout.primaryEmailHint")}
          />
          <TextField
            id="checkout-phone"
            name="phone"
            type="tel"
            label={t("checkout.primaryPhoneOptional")}
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => set("phone", event.target.value)}
            onBlur={touch("phone")}
            error={errorFor("phone")}
            hint={t("checkout.phoneHint")}
          />
        </fieldset>

        {values.plan === "family" && (
          <fieldset className="space-y-4">
            <legend className="text-xl font-bold text-brand-900">{t("checkout.familyLegend")}</legend>
            <p className="text-sm text-muted">{t("checkout.familyLead", { max: MAX_FAMILY_MEMBERS })}</p>
            {memberSlots.map((index) => {
              const number = index + 1;
              return (
                <div key={number} className="rounded-xl border border-slate-200 p-4">
                  <p className="font-semibold text-ink">{t("checkout.member", { number })}</p>
                  <div className="mt-2 grid gap-4 sm:grid-cols-2">
                    <TextField
                      id={`member-name-${number}`}
                      name="memberName"
                      label={t("checkout.firstName")}
                      autoComplete="off"
                      value={values.memberName[index]}
                      onChange={(event) => setMember("memberName", index, event.target.value)}
                      onBlur={touch(`memberName${number}`)}
                      error={errorFor(`memberName${number}`)}
                    />
                    <AgeBandSelect
                      id={`member-age-band-${number}`}
                      value={values.memberAgeBand[index] ?? ""}
                      onChange={(value) => setMember("memberAgeBand", index, value)}
                      onBlur={touch(`memberAgeBand${number}`)}
                      error={errorFor(`memberAgeBand${number}`)}
                    />
                    <LanguageSelect
                      id={`member-language-${number}`}
                      value={values.memberLanguage?.[index] || "en"}
                      onChange={(value) => setMember("memberLanguage", index, value)}
                      error={errorFor(`memberLanguage${number}`)}
                    />
                    <TextField
                      id={`member-email-${number}`}
                      name="memberEmail"
                      type="email"
                      label={number === 1 ? t("checkout.emailStarred") : t("checkout.email")}
                      autoComplete="off"
                      required={number === 1}
                      value={values.memberEmail[index]}
                      onChange={(event) => setMember("memberEmail", index, event.target.value)}
                      onBlur={touch(`memberEmail${number}`)}
                      error={errorFor(`memberEmail${number}`)}
                    />
                    <TextField
                      id={`member-phone-${number}`}
                      name="memberPhone"
                      type="tel"
                      label={t("checkout.phone")}
                      autoComplete="off"
                      value={values.memberPhone[index]}
                      onChange={(event) => setMember("memberPhone", index, event.target.value)}
                      onBlur={touch(`memberPhone${number}`)}
                      error={errorFor(`memberPhone${number}`)}
                    />
                  </div>
                </div>
              );
            })}
          </fieldset>
        )}
      </div>

      <aside className="lg:sticky lg:top-24 lg:self-start">
        <Card>
          {plan ? (
            <>
              <h2 className="text-lg font-bold text-brand-900">{t("checkout.orderSummary")}</h2>
              <div className="mt-4 flex justify-between gap-4">
                <span>{planNameIn(t, plan.id)}</span>
                <span>{t("checkout.pricePerMonth", { price: plan.price })}</span>
              </div>
              <div className="mt-4 flex justify-between gap-4 border-t border-slate-200 pt-4 text-lg font-bold">
                <span>{t("checkout.total")}</span>
                <span data-testid="order-total">{t("checkout.totalPerMonth", { price: plan.price })}</span>
              </div>
              <p className="mt-3 text-sm text-muted">{t("checkout.billedMonthly")}</p>
            </>
          ) : (
            <p className="text-muted">{t("checkout.chooseForSummary")}</p>
          )}
          <Button
            type="submit"
            className="mt-6 w-full"
            disabled={!canSubmit}
            aria-describedby={blocker ? "checkout-blocker" : undefined}
          >
            {busy ? t("checkout.processing") : t("checkout.complete")}
          </Button>
          {blocker && (
            // Names the field that blocks; on a phone it may be a screen away, so its name takes you there.
            <p id="checkout-blocker" className="mt-3 text-sm text-ink">
              <button
                type="button"
                // Keep focus where it is until the click lands: leaving a field shows its error,
                // which would move this button out from under the pointer mid-click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  const field = document.getElementById(blocker.inputId);
                  // Scroll even when the field already has focus (focus() would then do nothing).
                  field?.scrollIntoView({ block: "center" });
                  field?.focus({ preventScroll: true });
                }}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                {blocker.label}
              </button>
              : {blocker.message}
            </p>
          )}
        </Card>
      </aside>
    </Form>
  );
}

/** A family member's age group: none is chosen for them (children and teens are set up differently). */
function AgeBandSelect({
  id,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const errorId = `${id}-error`;
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {t("checkout.ageGroup")}
      </label>
      <select
        id={id}
        name="memberAgeBand"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        <option value="">{t("checkout.choose")}</option>
        {AGE_BANDS.map((band) => (
          <option key={band} value={band}>
            {t(AGE_BAND_KEYS[band])}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The language of one person's practice messages, notice and pages (issue #39). Each option is
 * named in its own language, marked with it, so a screen reader says "Español" as Spanish.
 */
function LanguageSelect({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {t("checkout.language")}
      </label>
      <select
        id={id}
        name="memberLanguage"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        {PRACTICE_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {PRACTICE_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-muted">
        {t("checkout.languageHint")}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
