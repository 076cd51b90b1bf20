import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/staff.comments";
import { useResultToast } from "~/account/use-result-toast";
import { CommentText } from "~/community/comment-text";
import { listCommentsForStaff } from "~/community/comments.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { moderateComment } from "~/staff/staff-actions.server";
import { formatStaffDate, StaffFrame } from "~/staff/staff-nav";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/form-message";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Comments | Staff",
    description: "Moderate community comments.",
    path: "/staff/comments",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const rows = await listCommentsForStaff(await getDatabase());
  const comments = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return data(
    { held: comments.filter((c) => c.status === "held"), others: comments.filter((c) => c.status !== "held") },
    { headers: STAFF_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff({ request, context });
  const form = await readForm(request);
  const { status, result } = await moderateComment(await getDatabase(), form);
  return data(result, { status, headers: STAFF_HEADERS });
}

type StaffComment = Route.ComponentProps["loaderData"]["held"][number];

function ActionButton({
  id,
  intent,
  label,
  who,
  variant = "secondary",
}: {
  id: string;
  intent: string;
  label: string;
  who: string;
  variant?: "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("id") === id && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-label={`${label} comment by ${who}`}>
        {label}
      </Button>
    </Form>
  );
}

const STATUS_STYLE: Record<string, string> = {
  visible: "bg-safe-50 text-safe-600",
  held: "bg-amber-50 text-amber-800",
  hidden: "bg-slate-100 text-slate-700",
};

function CommentRow({ comment }: { comment: StaffComment }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="staff-comment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <strong>{comment.name}</strong> <span className="text-sm text-muted">&lt;{comment.email}&gt;</span>
        </p>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_STYLE[comment.status])}>
          {comment.status}
        </span>
      </div>
      <p className="text-xs text-muted">
        {formatStaffDate(comment.createdAt)} · rating {comment.rating} · {comment.likes} likes
      </p>
      <CommentText text={comment.comment} />
      <div className="mt-3 flex flex-wrap gap-2">
        {comment.status !== "visible" && (
          <ActionButton
            id={comment.id}
            intent="show"
            label={comment.status === "held" ? "Approve" : "Show"}
            who={comment.name}
          />
        )}
        {comment.status !== "hidden" && <ActionButton id={comment.id} intent="hide" label="Hide" who={comment.name} />}
        <ActionButton id={comment.id} intent="delete" label="Delete" who={comment.name} variant="danger" />
      </div>
    </li>
  );
}

export default function StaffComments({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData);
  return (
    <StaffFrame title="Comments">
      <FormMessage result={actionData} />
      <h2 className="mt-4 text-xl font-bold text-brand-900">Waiting for review ({loaderData.held.length})</h2>
      {loaderData.held.length === 0 ? (
        <p className="mt-2 text-muted">Nothing is waiting for review.</p>
      ) : (
        <ul aria-label="Waiting for review" className="mt-3 space-y-3">
          {loaderData.held.map((comment) => (
            <CommentRow key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
      <h2 className="mt-10 text-xl font-bold text-brand-900">All comments</h2>
      {loaderData.others.length === 0 ? (
        <p className="mt-2 text-muted">No comments yet.</p>
      ) : (
        <ul aria-label="All comments" className="mt-3 space-y-3">
          {loaderData.others.map((comment) => (
            <CommentRow key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
    </StaffFrame>
  );
}
