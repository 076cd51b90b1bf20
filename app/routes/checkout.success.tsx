import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/checkout.success";
import { requireUser } from "~/account/session.server";
import { getCheckoutOutcome, type CheckoutOutcome } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getDatabase } from "~/db/database.server";
import { inEdition, localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Spinner } from "~/ui/spinner";

// /checkout/success and /es/checkout/success: a checkout begun in Spanish comes back in Spanish (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("paid.metaTitle"),
    description: t("paid.metaDescription"),
    path: inEdition("/checkout/success", locale),
    noIndex: true,
  });
};

/** SPEC.md: move to /account 2000 ms after a successful verification. */
const REDIRECT_MS = 2000;
/** While the provider has not confirmed yet, ask again every 2 s for about half a minute. */
const POLL_MS = 2000;
const MAX_POLLS = 15;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const db = await getDatabase();
  const url = new URL(request.url);
  const t = translatorFor(localeOfPath(url.pathname));
  return getCheckoutOutcome(db, getPaymentProvider(db), user.id, url.searchParams.get("session_id"), t);
}

const gaveUpIn = (t: Translate): CheckoutOutcome => ({
  state: "failed",
  message: t("paid.failedToVerify"),
  details: t("paid.notConfirmedYet"),
});

function NextSteps({
  main,
  other,
  className = "",
}: {
  main: [string, string];
  other: [string, string];
  className?: string;
}) {
  const t = useT();
  // On a Spanish page, a link to a page that is in English for now says so to the browser too.
  const language = (path: string) => (t.locale === "es" && pathInLocale(path, "es") === path ? { hrefLang: "en" } : {});
  return (
    <div className={`mt-8 flex flex-wrap gap-3 ${className}`}>
      <Button asChild>
        <Link to={main[0]} {...language(main[0])}>
          {main[1]}
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={other[0]} {...language(other[0])}>
          {other[1]}
        </Link>
      </Button>
    </div>
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const polls = useRef(0);
  const t = useT();
  const gaveUp = useMemo(() => gaveUpIn(t), [t]);
  const [outcome, setOutcome] = useState<CheckoutOutcome>(loaderData);
  useEffect(
    () => setOutcome(loaderData.state === "pending" && polls.current >= MAX_POLLS ? gaveUp : loaderData),
    [loaderData, gaveUp],
  );

  useEffect(() => {
    if (outcome.state === "success") {
      toast.success(t("paid.toastTitle"), { description: t("paid.toastText"), id: "subscription-active" });
      const timer = setTimeout(() => navigate(pathInLocale("/account", t.locale)), REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (outcome.state === "failed") {
      toast.error(t("paid.errorToast"), { description: outcome.details, id: "verification-error" });
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
        <Spinner label={t("paid.activating")} />
      </section>
    );
  }
  if (outcome.state === "success") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-safe-600" />
        <h1 className="mt-4 text-3xl font-bold text-brand-900">{t("paid.title")}</h1>
        <p className="mt-3 text-lg">{t("paid.thanks", { plan: outcome.planName })}</p>
        <p className="mt-2 text-muted">{t("paid.active", { plan: outcome.planName })}</p>
        <Card className="mt-6 border-brand-300 bg-brand-50 text-left">
          <h2 className="text-lg font-bold text-brand-900">{t("paid.nextTitle")}</h2>
          <p className="mt-1 text-sm text-muted">{t("paid.nextText")}</p>
          <Link
            to={pathInLocale("/account/training", t.locale)}
            // Grows with its words: at 320 px the label may take two lines, never spill out of its box.
            className="mt-3 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800 sm:inline-flex sm:w-auto"
          >
            {t("paid.setUp")}
          </Link>
        </Card>
        <NextSteps
          className="justify-center"
          main={[pathInLocale("/course", t.locale), t("paid.startLearning")]}
          other={[pathInLocale("/account", t.locale), t("paid.viewAccount")]}
        />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">{t("paid.processedTitle")}</h1>
      <Card className="mt-6 border-amber-300 bg-warn-50">
        <div role="alert" className="flex gap-3 text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-6 w-6 flex-none" />
          <div>
            <p className="font-bold">{outcome.message}</p>
            <p className="mt-1">{t("paid.processedText")}</p>
          </div>
        </div>
        <details className="mt-4 text-sm text-amber-900">
          <summary className="cursor-pointer font-semibold">{t("paid.technicalDetails")}</summary>
          <p className="mt-2 font-mono">{outcome.details}</p>
        </details>
      </Card>
      <NextSteps
        main={[pathInLocale("/account", t.locale), t("paid.viewAccount")]}
        other={["/support", t("paid.contactSupport")]}
      />
    </section>
  );
}
