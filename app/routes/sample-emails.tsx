import type { Route } from "./+types/sample-emails";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { readTasteQuery, tasteFeedback, TASTE_PATH } from "~/marketing/sample-taste";
import { TASTE_ANCHOR, TasteFeedback, TasteRoundForm, TasteSummary } from "~/marketing/sample-taste-views";
import { pageMeta } from "~/seo/meta";

// Marks, feedback and the next email are all plain links and GET forms: no script (decision 038).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sample Practice Scam Emails",
    description:
      "Three safe, made-up scam emails like the ones the Training Program sends: mark what makes you suspicious and see every red flag explained.",
    path: TASTE_PATH,
  });

export function loader({ request }: Route.LoaderArgs) {
  return readTasteQuery(new URL(request.url));
}

function TasteStep({ query }: { query: ReturnType<typeof readTasteQuery> }) {
  const totals = { found: query.found, flags: query.flags };
  if (query.done) return <TasteSummary totals={totals} />;
  const roundIndex = query.round - 1;
  if (!query.checked) return <TasteRoundForm roundIndex={roundIndex} totals={totals} headingAs="h2" />;
  const feedback = tasteFeedback(roundIndex, query.mark);
  if (!feedback) {
    const problem = "Those marks do not match this email. Mark its parts again, then press Check.";
    return <TasteRoundForm roundIndex={roundIndex} totals={totals} headingAs="h2" problem={problem} />;
  }
  return <TasteFeedback roundIndex={roundIndex} feedback={feedback} totalsBefore={totals} />;
}

export default function SampleEmails({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12" aria-labelledby="sample-emails-title">
      <h1 id="sample-emails-title" className="text-3xl font-extrabold text-brand-900">
        Sample Practice Scam Emails
      </h1>
      <p className="mt-2 text-muted">
        Three safe, made-up scam emails like the ones the Training Program sends. Mark the parts that make you
        suspicious, then press Check. Nothing you mark is saved.
      </p>
      <div id={TASTE_ANCHOR} className="mt-8 scroll-mt-20">
        <TasteStep query={loaderData} />
      </div>
    </section>
  );
}
