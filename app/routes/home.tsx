import type { Route } from "./+types/home";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";
import { Features, Hero, HowItWorks, PricingSection, Testimonials, WhyTraining } from "~/marketing/home-sections";
import { NewsletterForm } from "~/newsletter/newsletter-form";
import { NewsletterPopup } from "~/newsletter/newsletter-popup";
import { pageMeta } from "~/seo/meta";
import { InvokerCommandsFallback } from "~/ui/native-dialog";

// No React in the browser: the sample emails and the pop-up are native dialogs, the forms post as
// plain forms, and two small inline scripts cover the rest (decision 038).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "scam-free",
    description:
      "A free course and hands-on Training Program that teach parents, children and grandparents to recognize and avoid online scams.",
    path: "/",
  });

export default function Home() {
  return (
    <>
      <Hero />
      <Features />
      <WhyTraining />
      <HowItWorks />
      <Testimonials />
      <PricingSection />
      <section id="newsletter" aria-labelledby="newsletter-title" className="bg-brand-900">
        <div className="mx-auto max-w-4xl px-4 py-20">
          <h2 id="newsletter-title" className="text-3xl font-bold text-white md:text-4xl">
            Stay informed about new scams
          </h2>
          <p className="mt-3 text-lg text-brand-100">
            Get a short email when a new scam is going around, with the red flags to look for.
          </p>
          <div className="mt-8">
            <NewsletterForm source="home" idPrefix="home-newsletter" tone="dark" />
          </div>
        </div>
      </section>
      <NewsletterPopup />
      <InvokerCommandsFallback />
    </>
  );
}
