import type { Route } from "./+types/home";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";
import { Features, Hero, HowItWorks, PricingSection, Testimonials, WhyTraining } from "~/marketing/home-sections";
import { NewsletterForm } from "~/newsletter/newsletter-form";
import { NewsletterPopup } from "~/newsletter/newsletter-popup";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { InvokerCommandsFallback } from "~/ui/native-dialog";

// No React in the browser: the sample emails and the pop-up are native dialogs, the forms post as
// plain forms, and two small inline scripts cover the rest (decision 038). The same page is the
// Spanish home at /es (issue 39), its words from the catalogue in the address's language.
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: "scam-free",
    description: translatorFor(locale)("home.metaDescription"),
    path: locale === "es" ? "/es" : "/",
  });
};

export default function Home() {
  const t = useT();
  return (
    <>
      <Hero />
      <Features />
      <WhyTraining />
      <HowItWorks />
      <Testimonials />
      <PricingSection />
      {/* The scam alerts newsletter is written in English: the Spanish home does not offer it yet. */}
      {t.locale === "en" && (
        <>
          <section id="newsletter" aria-labelledby="newsletter-title" className="bg-brand-900">
            <div className="mx-auto max-w-4xl px-4 py-20">
              <h2 id="newsletter-title" className="text-3xl font-bold text-white md:text-4xl">
                {t("home.newsletter.title")}
              </h2>
              <p className="mt-3 text-lg text-brand-100">{t("home.newsletter.lead")}</p>
              <div className="mt-8">
                <NewsletterForm source="home" idPrefix="home-newsletter" tone="dark" />
              </div>
            </div>
          </section>
          <NewsletterPopup />
          <InvokerCommandsFallback />
        </>
      )}
    </>
  );
}
