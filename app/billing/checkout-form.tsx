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
import { CheckoutSchema, checkoutFieldErrors } from "./checkout-schema";
import { MAX_FAMILY_MEMBERS, PAID_PLAN_IDS, PLANS, type PaidPlanId } from "./plans";
import { useBrowserTimeZone } from "~/training/people/browser-time-zone";
import { AGE_BAND_LABELS } from "~/training/people/contact-schema";
import { PRACTICE_LANGUAGE_LABELS, PRACTICE_LANGUAGES } from "~/training/people/practice-language";
import { AGE_BANDS } from "~/training/library/practice-scenario-schema";

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
const FIELDS: { key: string; label: string; inputId: string }[] = [
  { key: "plan", label: "Select Your Plan", inputId: "checkout-plan-premium" },
  { key: "name", label: "Full Name", inputId: "checkout-name" },
  { key: "email", label: "Primary Email", inputId: "checkout-email" },
  { key: "phone", label: "Primary Phone", inputId: "checkout-phone" },
  ...memberSlots.flatMap((index) => [
    {
      key: `memberName${index + 1}`,
      label: `Family Member ${index + 1} First Name`,
      inputId: `member-name-${index + 1}`,
    },
    {
      key: `memberAgeBand${index + 1}`,
      label: `Family Member ${index + 1} Age Group`,
      inputId: `member-age-band-${index + 1}`,
    },
    {
      key: `memberLanguage${index + 1}`,
      label: `Family Member ${index + 1} Language`,
      inputId: `member-language-${index + 1}`,
    },
    { key: `memberEmail${index + 1}`, label: `Family Member ${index + 1} Email`, inputId: `member-email-${index + 1}` },
    { key: `memberPhone${index + 1}`, label: `Family Member ${index + 1} Phone`, inputId: `member-phone-${index + 1}` },
  ]),
];

/** The first field that keeps 'Complete Checkout' disabled, with the schema's own message for it. */
function firstBlocker(errors: Record<string, string>) {
  const field = FIELDS.find(({ key }) => errors[key]);
  if (!field) return null;
  return { ...field, message: field.key === "plan" ? "Choose a plan to continue." : errors[field.key] };
}

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

  const parsed = useMemo(() => CheckoutSchema.safeParse(values), [values]);
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
  const blocker = hydrated && !busy ? firstBlocker(clientErrors) : null;

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
          <legend className="text-xl font-bold text-brand-900">Select Your Plan</legend>
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
                    <span className="text-lg font-bold text-ink">{option.name}</span>
                    {selected && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                        <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
                        Selected
                      </span>
                    )}
                  </span>
                  <span className="mt-2 block text-sm text-muted">{option.description}</span>
                  <span className="mt-3 block text-2xl font-bold text-brand-800">${option.price}/mo</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-brand-900">Your Information</legend>
          <p className="flex gap-2 rounded-lg border border-amber-300 bg-warn-50 p-3 text-sm text-amber-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5 flex-none" />
            <span>
              The emails and phone numbers you enter here will receive safe practice scam emails and text messages. Only
              add people who know about the training and have agreed to it.
            </span>
          </p>
          <TextField
            id="checkout-name"
            name="name"
            label="Full Name"
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
            label="Primary Email"
            autoComplete="email"
            required
            readOnly
            value={values.email}
            onChange={(event) => set("email", event.target.value)}
            onBlur={touch("email")}
            error={errorFor("email")}
            hint="Your account's email. Receipts and family summaries go only here, once you have confirmed it."
          />
          <TextField
            id="checkout-phone"
            name="phone"
            type="tel"
            label="Primary Phone (optional)"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => set("phone", event.target.value)}
            onBlur={touch("phone")}
            error={errorFor("phone")}
            hint="For practice text messages. Include the country code, like +1 555 123 4567."
          />
        </fieldset>

        {values.plan === "family" && (
          <fieldset className="space-y-4">
            <legend className="text-xl font-bold text-brand-900">Family Member Contact Information</legend>
            <p className="text-sm text-muted">
              Add up to {MAX_FAMILY_MEMBERS} family members. At least one additional email is needed (*). Empty rows are
              left out. For each person, give their first name and age group: children and teens get a notice written
              for them, and you confirm as their parent or guardian.
            </p>
            {memberSlots.map((index) => {
              const number = index + 1;
              return (
                <div key={number} className="rounded-xl border border-slate-200 p-4">
                  <p className="font-semibold text-ink">Family Member {number}</p>
                  <div className="mt-2 grid gap-4 sm:grid-cols-2">
                    <TextField
                      id={`member-name-${number}`}
                      name="memberName"
                      label="First name"
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
                      label={number === 1 ? "Email *" : "Email"}
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
                      label="Phone"
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
              <h2 className="text-lg font-bold text-brand-900">Order Summary</h2>
              <div className="mt-4 flex justify-between gap-4">
                <span>{plan.name}</span>
                <span>${plan.price}/month</span>
              </div>
              <div className="mt-4 flex justify-between gap-4 border-t border-slate-200 pt-4 text-lg font-bold">
                <span>Total</span>
                <span data-testid="order-total">${plan.price}.00/month</span>
              </div>
              <p className="mt-3 text-sm text-muted">Billed monthly. Cancel any time from your account page.</p>
            </>
          ) : (
            <p className="text-muted">Choose a plan to see your order summary.</p>
          )}
          <Button
            type="submit"
            className="mt-6 w-full"
            disabled={!canSubmit}
            aria-describedby={blocker ? "checkout-blocker" : undefined}
          >
            {busy ? "Processing..." : "Complete Checkout"}
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
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Age group
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
        <option value="">Choose…</option>
        {AGE_BANDS.map((band) => (
          <option key={band} value={band}>
            {AGE_BAND_LABELS[band]}
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
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Language
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
        Their notice and practice messages come in this language.
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
