import { data, Link } from "react-router";
import type { Route } from "./+types/weekly-lessons.update";
import { requireMember } from "~/billing/membership.server";
import { formatUpdateDate } from "~/scam-updates/dates";
import { SLUG_PATTERN } from "~/scam-updates/scam-update-schema";
import { renderScamUpdate } from "~/scam-updates/scam-updates.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.update.title ?? "Scam alert",
    description: args.data?.update.summary ?? "A scam alert for Training Program members.",
    path: `/weekly-lessons/updates/${args.params.slug}`,
    noIndex: true,
  });

/** One scam alert, for members only. Others go back to the Weekly Lessons page, which explains why. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireMember({ request, context }, { otherwise: "/weekly-lessons" });
  const rendered = SLUG_PATTERN.test(params.slug) ? renderScamUpdate(params.slug) : null;
  if (!rendered) throw data("Scam alert not found", { status: 404 });
  return rendered;
}

export default function ScamUpdate({ loaderData }: Route.ComponentProps) {
  const { update, html } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/weekly-lessons" className="text-sm font-semibold text-brand-700 underline">
        Back to Weekly Lessons
      </Link>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700">Scam alert</p>
      <h1 className="mt-1 text-3xl font-bold text-brand-900">{update.title}</h1>
      <p className="mt-2 text-muted">
        <time dateTime={update.published}>{formatUpdateDate(update.published)}</time> · For: {update.audience}
      </p>
      {/* Our own MDX, rendered on the server from files in this repository; nothing user-written. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      <section aria-labelledby="sources-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="sources-heading" className="text-xl font-bold text-brand-900">
          Sources
        </h2>
        <ul className="mt-3 space-y-2">
          {update.sources.map((source) => (
            <li key={source.url}>
              {source.publisher}:{" "}
              <a href={source.url} className="text-brand-700 underline" rel="noreferrer">
                {source.title}
              </a>{" "}
              <span className="text-muted">
                (<time dateTime={source.date}>{formatUpdateDate(source.date)}</time>)
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          Last reviewed <time dateTime={update.lastReviewed}>{formatUpdateDate(update.lastReviewed)}</time>
        </p>
      </section>
    </article>
  );
}
