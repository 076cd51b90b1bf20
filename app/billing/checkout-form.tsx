import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { CheckoutSchema, checkoutFieldErrors } from "./checkout-schema";
import { MAX_FAMILY_MEMBERS, PAID_PLAN_IDS, PLANS, type PaidPlanId } from "./plans";

export interface CheckoutFormValues {
  plan: PaidPlanId | null;
  name: string;
  email: string;
  phone: string;
  memberEmail: string[];
  memberPhone: string[];
}

export interface CheckoutFormResult {
  ok: false;
  title: string;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: CheckoutFormValues;
}

const memberSlots = Array.from({ length: MAX_FAMILY_MEMBERS }, (_, index) => index);

function padded(list: string[]) {
  return memberSlots.map((index) => list[index] ?? "");
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
}: {
  initial: CheckoutFormValues;
  result?: CheckoutFormResult | null;
  busy: boolean;
}) {
  const start = result?.values ?? initial;
  const [values, setValues] = useState<CheckoutFormValues>({
    ...start,
    memberEmail: padded(start.memberEmail),
    memberPhone: padded(start.memberPhone),
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const parsed = useMemo(() => CheckoutSchema.safeParse(values), [values]);
  const clientErrors = parsed.success ? {} : checkoutFieldErrors(parsed.error);
  const serverErrors = result?.fieldErrors ?? {};
  // Server messages until the person edits; then what the schema says now, for touched fields only.
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errorFor = (field: string) => (touched[field] ? clientErrors[field] : serverErrors[field]);

  const plan = values.plan ? PLANS[values.plan] : null;
  const canSubmit = !busy && (!hydrated || parsed.success);

  const set = (field: keyof CheckoutFormValues, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const setMember = (field: "memberEmail" | "memberPhone", index: number, value: string) =>
    setValues((current) => {
      const list = [...current[field]];
      list[index] = value;
      return { ...current, [field]: list };
    });
  const touch = (field: string) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <Form method="post" noValidate className="grid gap-8 lg:grid-cols-[1fr_320px]">
      <div className="space-y-8">
        <FormMessage result={result} />
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
                    name="plan"
                    value={id}
                    checked={selected}
                    onChange={() => set("plan", id)}
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
              The emails and phone numbers you enter here will receive safe practice scam emails and
              text messages. Only add people who know about the training and have agreed to it.
            </span>
          </p>
          <TextField id="checkout-name" name="name" label="Full Name" autoComplete="name" required value={values.name}
            onChange={(event) => set("name", event.target.value)} onBlur={touch("name")} error={errorFor("name")} />
          <TextField id="checkout-email" name="email" type="email" label="Primary Email" autoComplete="email" required
            value={values.email} onChange={(event) => set("email", event.target.value)} onBlur={touch("email")} error={errorFor("email")} />
          <TextField id="checkout-phone" name="phone" type="tel" label="Primary Phone (optional)" autoComplete="tel"
            value={values.phone} onChange={(event) => set("phone", event.target.value)} onBlur={touch("phone")} error={errorFor("phone")}
            hint="For practice text messages. Include the country code, like +1 555 123 4567." />
        </fieldset>

        {values.plan === "family" && (
          <fieldset className="space-y-4">
            <legend className="text-xl font-bold text-brand-900">Family Member Contact Information</legend>
            <p className="text-sm text-muted">
              Add up to {MAX_FAMILY_MEMBERS} family members. At least one additional email is needed (*).
              Empty rows are left out.
            </p>
            {memberSlots.map((index) => {
              const number = index + 1;
              return (
                <div key={number} className="rounded-xl border border-slate-200 p-4">
                  <p className="font-semibold text-ink">Family Member {number}</p>
                  <div className="mt-2 grid gap-4 sm:grid-cols-2">
                    <TextField id={`member-email-${number}`} name="memberEmail" type="email"
                      label={number === 1 ? "Email *" : "Email"} autoComplete="off" required={number === 1}
                      value={values.memberEmail[index]} onChange={(event) => setMember("memberEmail", index, event.target.value)}
                      onBlur={touch(`memberEmail${number}`)} error={errorFor(`memberEmail${number}`)} />
                    <TextField id={`member-phone-${number}`} name="memberPhone" type="tel" label="Phone" autoComplete="off"
                      value={values.memberPhone[index]} onChange={(event) => setMember("memberPhone", index, event.target.value)}
                      onBlur={touch(`memberPhone${number}`)} error={errorFor(`memberPhone${number}`)} />
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
          <Button type="submit" className="mt-6 w-full" disabled={!canSubmit}>
            {busy ? "Processing..." : "Complete Checkout"}
          </Button>
          {hydrated && !parsed.success && !busy && (
            <p className="mt-3 text-sm text-muted">
              {values.plan === "family"
                ? "Choose a plan and fill in your name, your email and at least one family member's email to continue."
                : "Choose a plan and fill in your name and email to continue."}
            </p>
          )}
        </Card>
      </aside>
    </Form>
  );
}
