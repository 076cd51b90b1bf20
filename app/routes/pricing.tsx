import type { Route } from "./+types/pricing";
import { PlanCards } from "~/marketing/plan-cards";
import { pageMeta } from "~/seo/meta";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";
import { InvokerCommandsFallback } from "~/ui/native-dialog";

// No React in the browser: the sample emails are a native dialog (decision 038).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pricing",
    description:
      "Learn free, or practice with the Training Program ($10/month) or Family Training ($25/month for up to 5 people).",
    path: "/pricing",
  });

export default function Pricing() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-center text-4xl font-extrabold text-brand-900">Choose Your Training Program</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted">
        The course is free for everyone. The Training Program adds safe practice scam emails and texts, feedback on
        every red flag, weekly lessons and priority support.
      </p>
      <div className="mt-12">
        <PlanCards headingLevel="h2" />
      </div>
      <InvokerCommandsFallback />
      <p className="mt-10 text-center text-sm text-muted">
        Prices in US dollars. Cancel any time from your account; you keep access until the end of the month you paid
        for.
      </p>
    </section>
  );
}
