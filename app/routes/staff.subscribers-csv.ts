import type { Route } from "./+types/staff.subscribers-csv";
import { getDatabase } from "~/db/database.server";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { listSubscribers, subscribersCsv } from "~/newsletter/subscribers.server";

/** Every newsletter subscriber as a CSV download, for staff only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const csv = subscribersCsv(await listSubscribers(await getDatabase()));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      ...STAFF_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${date}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
