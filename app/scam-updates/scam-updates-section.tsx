import { Link } from "react-router";
import { Card } from "~/ui/card";
import { formatUpdateDate } from "./dates";
import type { ScamUpdateSummary } from "./scam-update-schema";

/**
 * The members' list of scam alerts on the Weekly Lessons page, newest first. Only the summary is
 * here; the full alert is on its own members-only page.
 */
export function ScamUpdatesSection({ updates }: { updates: ScamUpdateSummary[] }) {
  return (
    <section aria-labelledby="scam-updates-heading" className="mt-12">
      <h2 id="scam-updates-heading" className="text-2xl font-bold text-brand-900">
        Scam alerts
      </h2>
      <p className="mt-2 text-muted">
        Short, dated alerts about scams that the FTC, the FBI and others are warning about right now, newest first. New
        ones also come to you in one email on Mondays.
      </p>
      {updates.length === 0 ? (
        <p className="mt-6 text-muted">There are no scam alerts yet. New ones will appear here.</p>
      ) : (
        <ol aria-label="Scam alerts, newest first" className="mt-6 space-y-4">
          {updates.map((update) => (
            <li key={update.slug} data-testid="scam-update">
              <Card>
                <p className="text-sm text-muted">
                  <time dateTime={update.published}>{formatUpdateDate(update.published)}</time> · For: {update.audience}
                </p>
                <h3 className="mt-1 text-lg font-bold">
                  <Link to={`/weekly-lessons/updates/${update.slug}`} className="text-brand-800 hover:underline">
                    {update.title}
                  </Link>
                </h3>
                <p className="mt-2 text-muted">{update.summary}</p>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
