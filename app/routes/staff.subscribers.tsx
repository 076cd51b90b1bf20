import { Download } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/staff.subscribers";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { formatStaffDate, StaffFrame } from "~/staff/staff-nav";
import { countAwaitingConfirmation, listSubscribers } from "~/newsletter/subscribers.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Subscribers | Staff",
    description: "Newsletter subscribers.",
    path: "/staff/subscribers",
    noIndex: true,
  });

const SHOWN = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const db = await getDatabase();
  const rows = await listSubscribers(db, SHOWN + 1);
  return data(
    {
      more: rows.length > SHOWN,
      awaitingConfirmation: await countAwaitingConfirmation(db),
      subscribers: rows.slice(0, SHOWN).map((row) => ({
        email: row.email,
        name: row.name,
        source: row.source,
        createdAt: row.createdAt.toISOString(),
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
        synced: row.providerSyncedAt !== null,
        providerError: row.providerError,
      })),
    },
    { headers: STAFF_HEADERS },
  );
}

export default function StaffSubscribers({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame title="Newsletter subscribers">
      <a
        href="/staff/subscribers.csv"
        download
        className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
      </a>
      {loaderData.more && <p className="mt-3 text-sm text-muted">Showing the newest 500; the CSV has everyone.</p>}
      <p className="mt-3 text-sm text-muted" data-testid="awaiting-confirmation">
        {loaderData.awaitingConfirmation === 1
          ? "1 more address has been signed up but not confirmed yet."
          : `${loaderData.awaitingConfirmation} more addresses have been signed up but not confirmed yet.`}{" "}
        An address joins this list when its owner presses the link we emailed it; until then it gets no newsletter and
        is not in the CSV.
      </p>
      {loaderData.subscribers.length === 0 ? (
        <p className="mt-6 text-muted">No subscribers yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Newsletter subscribers, newest first</caption>
            <thead className="border-b border-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Source
                </th>
                <th scope="col" className="py-2 pr-4">
                  Subscribed
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  Provider
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.subscribers.map((row) => (
                <tr key={row.email} className="border-b border-slate-100">
                  <td className="py-2 pr-4 break-all">{row.email}</td>
                  <td className="py-2 pr-4">{row.name ?? ""}</td>
                  <td className="py-2 pr-4">{row.source}</td>
                  <td className="py-2 pr-4">{formatStaffDate(row.createdAt)}</td>
                  <td className="py-2 pr-4">
                    {row.unsubscribedAt ? `Unsubscribed ${formatStaffDate(row.unsubscribedAt)}` : "Subscribed"}
                  </td>
                  <td className="py-2">
                    {row.providerError ? `Refused: ${row.providerError}` : row.synced ? "Synced" : "Pending"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StaffFrame>
  );
}
