import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/staff.support";
import { useResultToast } from "~/account/use-result-toast";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { updateSupportRequest } from "~/staff/staff-actions.server";
import { formatStaffDate, StaffFrame } from "~/staff/staff-nav";
import { listSupportInbox } from "~/support/support.server";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/form-message";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Support inbox | Staff",
    description: "Support requests.",
    path: "/staff/support",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const rows = await listSupportInbox(await getDatabase());
  return data(
    {
      requests: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        priority: row.priority,
        createdAt: row.createdAt.toISOString(),
        handledAt: row.handledAt?.toISOString() ?? null,
      })),
    },
    { headers: STAFF_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff({ request, context });
  const form = await readForm(request);
  const { status, result } = await updateSupportRequest(await getDatabase(), form);
  return data(result, { status, headers: STAFF_HEADERS });
}

export default function StaffSupport({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData);
  const navigation = useNavigation();
  const open = loaderData.requests.filter((r) => !r.handledAt).length;
  return (
    <StaffFrame title="Support inbox">
      <FormMessage result={actionData} />
      <p className="mt-2 text-muted">
        {open} open · priority (active members) first, then the longest waiting. Reply by email; mark a request handled
        when done.
      </p>
      {loaderData.requests.length === 0 ? (
        <p className="mt-6 text-muted">No support requests yet.</p>
      ) : (
        <ol aria-label="Support requests" className="mt-6 space-y-3">
          {loaderData.requests.map((request) => {
            const intent = request.handledAt ? "reopen" : "handled";
            const busy = navigation.formData?.get("id") === request.id;
            return (
              <li
                key={request.id}
                data-testid="support-request"
                className={cn(
                  "rounded-xl border bg-white p-4",
                  request.handledAt ? "border-slate-200 opacity-75" : "border-brand-200",
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  {request.priority && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                      Priority
                    </span>
                  )}
                  {request.handledAt && (
                    <span className="rounded-full bg-safe-50 px-2 py-0.5 text-xs font-semibold text-safe-600">
                      Handled
                    </span>
                  )}
                  <h2 className="font-semibold text-brand-900">{request.subject ?? "(no subject)"}</h2>
                </div>
                <p className="text-sm">
                  {request.name} ·{" "}
                  <a className="text-brand-700 underline" href={`mailto:${request.email}`}>
                    {request.email}
                  </a>
                </p>
                <p className="text-xs text-muted">
                  Received {formatStaffDate(request.createdAt)}
                  {request.handledAt && ` · handled ${formatStaffDate(request.handledAt)}`}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words">{request.message}</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="id" value={request.id} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    {request.handledAt ? "Reopen" : "Mark handled"}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ol>
      )}
    </StaffFrame>
  );
}
