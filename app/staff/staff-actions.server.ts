import { z } from "zod";
import type { Database } from "~/db/client.server";
import { deleteComment, setCommentStatus } from "~/community/comments.server";
import { setSupportHandled } from "~/support/support.server";
import type { FormResult } from "~/validation/form-result";

export type StaffResult = FormResult;

type Outcome = { status: number; result: StaffResult };

const fail = (status: number, message: string): Outcome => ({
  status,
  result: { ok: false, title: "Nothing was changed", message },
});

const CommentModerationSchema = z.object({
  intent: z.enum(["show", "hide", "delete"], { error: "Unknown action." }),
  id: z.uuid({ error: "That comment does not exist." }),
});

/** Show (approve), hide or delete one comment. Callers have already checked the staff role. */
export async function moderateComment(db: Database, raw: unknown): Promise<Outcome> {
  const parsed = CommentModerationSchema.safeParse(raw);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Unknown action.");
  const { intent, id } = parsed.data;
  const found =
    intent === "delete"
      ? await deleteComment(db, id)
      : await setCommentStatus(db, id, intent === "show" ? "visible" : "hidden");
  if (!found) return fail(404, "That comment does not exist.");
  const message = {
    show: "The comment is visible on the forum.",
    hide: "The comment is hidden from the forum.",
    delete: "The comment was deleted.",
  }[intent];
  return { status: 200, result: { ok: true, title: "Done", message } };
}

const SupportUpdateSchema = z.object({
  intent: z.enum(["handled", "reopen"], { error: "Unknown action." }),
  id: z.uuid({ error: "That support request does not exist." }),
});

/** Marks a support request handled, or open again. */
export async function updateSupportRequest(db: Database, raw: unknown): Promise<Outcome> {
  const parsed = SupportUpdateSchema.safeParse(raw);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Unknown action.");
  const found = await setSupportHandled(db, parsed.data.id, parsed.data.intent === "handled");
  if (!found) return fail(404, "That support request does not exist.");
  return {
    status: 200,
    result: {
      ok: true,
      title: "Done",
      message: parsed.data.intent === "handled" ? "Marked as handled." : "Marked as open again.",
    },
  };
}
