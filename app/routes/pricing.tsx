import type { Route } from "./+types/pricing";
import { PlanCards } from "~/marketing/plan-cards";
import { PLANS } from "~/billing/plans";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";
import { InvokerCommandsFallback } from "~/ui/native-dialog";

// No React in the browser: the sample emails are a native dialog (decision 038). The same page is
// /es/pricing, in Spanish (issue 39).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("pricing.metaTitle"),
    description: t("pricing.metaDescription", {
      premium: PLANS.premium.price,
      family: PLANS.family.price,
      people: PLANS.family.people,
    }),
    path: locale === "es" ? "/es/pricing" : "/pricing",
  });
};

export default function Pricing() {
  const t = useT();
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-center text-4xl font-extrabold text-brand-900">{t("home.pricing.title")}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted">{t("pricing.lead")}</p>
      <div className="mt-12">
        <PlanCards headingLevel="h2" />
      </div>
      {/* The sample emails dialog (English) is on the English page only: PlanCards leaves it out in Spanish. */}
      {t.locale === "en" && <InvokerCommandsFallback />}
      <p className="mt-10 text-center text-sm text-muted">{t("pricing.note")}</p>
    </section>
  );
}
