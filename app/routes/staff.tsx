import { Inbox, MessagesSquare, Newspaper } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/staff";
import { countHeldComments } from "~/community/comments.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { StaffFrame } from "~/staff/staff-nav";
import { countActiveSubscribers } from "~/newsletter/subscribers.server";
import { countOpenSupportRequests } from "~/support/support.server";
import { Card } from "~/ui/card";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Staff console",
    description: "Moderation, support inbox and subscribers.",
    path: "/staff",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const db = await getDatabase();
  const [held, openSupport, subscribers] = await Promise.all([
    countHeldComments(db),
    countOpenSupportRequests(db),
    countActiveSubscribers(db),
  ]);
  return data({ email: user.email, held, openSupport, subscribers }, { headers: STAFF_HEADERS });
}

export default function StaffOverview({ loaderData }: Route.ComponentProps) {
  const cards = [
    { to: "/staff/comments", icon: MessagesSquare, label: "Comments waiting for review", value: loaderData.held },
    { to: "/staff/support", icon: Inbox, label: "Open support requests", value: loaderData.openSupport },
    { to: "/staff/subscribers", icon: Newspaper, label: "Newsletter subscribers", value: loaderData.subscribers },
  ];
  return (
    <StaffFrame title="Overview">
      <p className="text-muted">Signed in as {loaderData.email}.</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {cards.map(({ to, icon: Icon, label, value }) => (
          <li key={to}>
            <Card>
              <Link to={to} className="flex items-center gap-3 text-brand-800 hover:underline">
                <Icon aria-hidden="true" className="h-6 w-6" />
                <span>
                  <span className="block text-3xl font-bold" data-testid={`count-${to.split("/").pop()}`}>
                    {value}
                  </span>
                  <span className="block text-sm font-semibold">{label}</span>
                </span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </StaffFrame>
  );
}
