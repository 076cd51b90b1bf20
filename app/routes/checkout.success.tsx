import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/checkout.success";
import { requireUser } from "~/account/session.server";
import { getCheckoutOutcome, type CheckoutOutcome } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Spinner } from "~/ui/spinner";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Activating your subscription",
    description: "Your Training Program.",
    path: "/checkout/success",
    noIndex: true,
  });

/** SPEC.md: move to /account 2000 ms after a successful verification. */
const REDIRECT_MS = 2000;
/** While the provider has not confirmed yet, ask again every 2 s for about half a minute. */
const POLL_MS = 2000;
const MAX_POLLS = 15;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDatabase();
  const sessionId = new URL(request.url).searchParams.get("session_id");
  return getCheckoutOutcome(db, getPaymentProvider(db), user.id, sessionId);
}

const gaveUp: CheckoutOutcome = {
  state: "failed",
  message: "Failed to verify your subscription",
  details:
    "The payment provider has not confirmed this payment yet. If you were charged, your account will update shortly.",
};

function NextSteps({
  main,
  other,
  className = "",
}: {
  main: [string, string];
  other: [string, string];
  className?: string;
}) {
  return (
    <div className={`mt-8 flex flex-wrap gap-3 ${className}`}>
      <Button asChild>
        <Link to={main[0]}>{main[1]}</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={other[0]}>{other[1]}</Link>
      </Button>
    </div>
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const polls = useRef(0);
  const [outcome, setOutcome] = useState<CheckoutOutcome>(loaderData);
  useEffect(
    () => setOutcome(loaderData.state === "pending" && polls.current >= MAX_POLLS ? gaveUp : loaderData),
    [loaderData],
  );

  useEffect(() => {
    if (outcome.state === "success") {
      toast.success("Subscription active!", {
        description: "Your subscription has been activated successfully.",
        id: "subscription-active",
      });
      const timer = setTimeout(() => navigate("/account"), REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (outcome.state === "failed") {
      toast.error("Verification error", { description: outcome.details, id: "verification-error" });
      return;
    }
    const timer = setTimeout(() => {
      polls.current += 1;
      if (polls.current >= MAX_POLLS) setOutcome(gaveUp);
      else revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
    // The revalidator object changes every render; the outcome alone decides what to do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  if (outcome.state === "pending") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <Spinner label="Activating your subscription..." />
      </section>
    );
  }
  if (outcome.state === "success") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-safe-600" />
        <h1 className="mt-4 text-3xl font-bold text-brand-900">Payment Successful!</h1>
        <p className="mt-3 text-lg">Thank you for joining the {outcome.planName}.</p>
        <p className="mt-2 text-muted">
          {outcome.planName} is active: practice scam messages with feedback, weekly lessons and priority support.
          Taking you to your account...
        </p>
        <Card className="mt-6 border-brand-300 bg-brand-50 text-left">
          <h2 className="text-lg font-bold text-brand-900">Next: set up your family&apos;s training</h2>
          <p className="mt-1 text-sm text-muted">
            Three short steps: check who each person is, confirm for children and teens, and send the notices. Nothing
            is sent to anyone until they say yes.
          </p>
          <Link
            to="/account/training"
            // Grows with its words: at 320 px the label may take two lines, never spill out of its box.
            className="mt-3 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800 sm:inline-flex sm:w-auto"
          >
            Set up your Training Program
          </Link>
        </Card>
        <NextSteps
          className="justify-center"
          main={["/course", "Start Learning Now"]}
          other={["/account", "View Your Account"]}
        />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Payment Processed</h1>
      <Card className="mt-6 border-amber-300 bg-warn-50">
        <div role="alert" className="flex gap-3 text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-6 w-6 flex-none" />
          <div>
            <p className="font-bold">{outcome.message}</p>
            <p className="mt-1">
              There was an issue activating your subscription. If you paid, nothing is lost: your account updates as
              soon as the payment provider confirms, and our support team can help.
            </p>
          </div>
        </div>
        <details className="mt-4 text-sm text-amber-900">
          <summary className="cursor-pointer font-semibold">Technical details</summary>
          <p className="mt-2 font-mono">{outcome.details}</p>
        </details>
      </Card>
      <NextSteps main={["/account", "View Your Account"]} other={["/support", "Contact Support"]} />
    </section>
  );
}
