import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { commentLikes, communityComments } from "~/community/tables";
import { getLogger } from "~/config/logger.server";
import { pagesChanged } from "~/page-cache/page-changes.server";
import { isHoneypotFilled } from "~/security/honeypot";
import { hitLimit, retryMessage, type LimitRule } from "~/security/request-limits.server";
import {
  COMMUNITY_MESSAGES,
  CommentIdSchema,
  CommentSchema,
  commentValidationResult,
  countLinks,
  HONEYPOT_FIELD,
  LINKS_BEFORE_REVIEW,
  type CommentInput,
  type CommentResult,
  type CommentSort,
  type PublicComment,
} from "./comment-schema";

/** Per IP address: enough for a conversation, too few for a flood. */
export const COMMENT_LIMIT: LimitRule = { max: 5, windowSeconds: 10 * 60 };
/**
 * Likes per IP address, so one machine cannot pile up likes by throwing its visitor cookie away:
 * enough for a family sharing one connection to like what they read, across the forum and on any
 * one comment, far too few to push a comment up the "most likes" list.
 */
export const LIKE_LIMIT_PER_IP: LimitRule = { max: 30, windowSeconds: 60 * 60 };
export const LIKE_LIMIT_PER_IP_AND_COMMENT: LimitRule = { max: 5, windowSeconds: 24 * 60 * 60 };
/** Pages that show comments or like counts, emptied from the page cache when either changes. */
const COMMENT_PAGES = ["/community"];

/** The forum shows this many comments; older ones stay stored. */
export const COMMENT_PAGE_SIZE = 100;

export type { PublicComment };

const ORDER: Record<CommentSort, SQL[]> = {
  newest: [desc(communityComments.createdAt), desc(communityComments.id)],
  rating: [desc(communityComments.rating), desc(communityComments.createdAt), desc(communityComments.id)],
  likes: [desc(communityComments.likes), desc(communityComments.createdAt), desc(communityComments.id)],
};

/** Visible comments in the chosen order, each marked when this visitor already liked it. */
export async function listVisibleComments(
  db: Database,
  sort: CommentSort,
  voterKey: string | null,
  limit = COMMENT_PAGE_SIZE,
): Promise<PublicComment[]> {
  const rows = await db
    .select({
      id: communityComments.id,
      name: communityComments.name,
      comment: communityComments.comment,
      rating: communityComments.rating,
      likes: communityComments.likes,
      createdAt: communityComments.createdAt,
    })
    .from(communityComments)
    .where(eq(communityComments.status, "visible"))
    .orderBy(...ORDER[sort])
    .limit(limit);
  const liked = voterKey
    ? new Set(
        await likedCommentIds(
          db,
          voterKey,
          rows.map((row) => row.id),
        ),
      )
    : new Set<string>();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), likedByMe: liked.has(row.id) }));
}

/** Which of these comments the voter liked. */
export async function likedCommentIds(db: Database, voterKey: string, commentIds: string[]): Promise<string[]> {
  if (commentIds.length === 0) return [];
  const likedRows = await db
    .select({ commentId: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.voterKey, voterKey), inArray(commentLikes.commentId, commentIds)));
  return likedRows.map((row) => row.commentId);
}

/** Stores a comment: visible at once, or held for a moderator when it carries many links. */
export async function insertComment(db: Database, input: CommentInput) {
  const held = countLinks(`${input.name} ${input.comment}`) >= LINKS_BEFORE_REVIEW;
  const [row] = await db
    .insert(communityComments)
    .values({ ...input, status: held ? "held" : "visible" })
    .returning({ id: communityComments.id, status: communityComments.status });
  if (!held) await pagesChanged(COMMENT_PAGES);
  return row;
}

type Outcome = { status: number; result: CommentResult };

/**
 * The whole comment form path: validate with the form's schema, count the post against the IP's
 * limit, drop bot posts quietly, store, and answer with the spec's words and an HTTP status.
 */
export async function handleCommentPost(
  db: Database,
  raw: Record<string, unknown>,
  clientIp = "unknown",
): Promise<Outcome> {
  const parsed = CommentSchema.safeParse(raw);
  if (!parsed.success) return { status: 400, result: commentValidationResult(parsed.error) };

  try {
    const limit = await hitLimit(db, `comment:ip:${clientIp}`, COMMENT_LIMIT);
    if (!limit.allowed) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      return {
        status: 429,
        result: {
          ok: false,
          intent: "post",
          title: COMMUNITY_MESSAGES.postFailed.title,
          message: `You have posted several comments in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
      };
    }

    // People never see the honeypot field; a filled one is a bot. It gets the ordinary answer so it
    // learns nothing, and nothing is stored (see docs/decisions/007-community-and-staff.md).
    if (isHoneypotFilled(raw[HONEYPOT_FIELD])) {
      getLogger().info({ ip: clientIp }, "comment honeypot filled; dropped");
      return { status: 200, result: posted() };
    }

    const row = await insertComment(db, parsed.data);
    if (row.status === "held") {
      const { title, text } = COMMUNITY_MESSAGES.held;
      return { status: 202, result: { ok: true, intent: "post", held: true, title, message: text } };
    }
    return { status: 200, result: posted() };
  } catch (error) {
    getLogger().error({ err: error }, "posting a comment failed");
    const { title, text } = COMMUNITY_MESSAGES.postFailed;
    return { status: 503, result: { ok: false, intent: "post", title, message: text } };
  }
}

function posted(): CommentResult {
  const { title, text } = COMMUNITY_MESSAGES.posted;
  return { ok: true, intent: "post", title, message: text };
}

export type LikeOutcome = { liked: "added" | "already"; likes: number } | { liked: "missing" };

/**
 * One like per voter per comment, counted atomically in one statement: the like row is inserted
 * (or not, when this voter already liked it: the primary key decides) and the counter is
 * incremented only for a row that was really inserted. Concurrent likes cannot lose or add counts.
 */
export async function likeComment(db: Database, commentId: string, voterKey: string): Promise<LikeOutcome> {
  const result = await db.execute<{ likes: number }>(sql`
    WITH inserted AS (
      INSERT INTO ${commentLikes} (comment_id, voter_key)
      SELECT ${communityComments.id}, ${voterKey} FROM ${communityComments}
      WHERE ${communityComments.id} = ${commentId} AND ${communityComments.status} = 'visible'
      ON CONFLICT DO NOTHING
      RETURNING comment_id
    )
    UPDATE ${communityComments} SET likes = likes + 1
    WHERE id IN (SELECT comment_id FROM inserted)
    RETURNING likes`);
  const updated = (result as unknown as { rows: { likes: number }[] }).rows[0];
  if (updated) {
    await pagesChanged(COMMENT_PAGES);
    return { liked: "added", likes: Number(updated.likes) };
  }

  const [current] = await db
    .select({ likes: communityComments.likes })
    .from(communityComments)
    .where(and(eq(communityComments.id, commentId), eq(communityComments.status, "visible")));
  return current ? { liked: "already", likes: current.likes } : { liked: "missing" };
}

/**
 * The like button's path: check the id, make sure the like comes from a known voter (an anonymous
 * like without the visitor cookie only gets the cookie), count it against the IP's limits, count
 * the like, answer with the true count.
 */
export async function handleLike(
  db: Database,
  rawId: unknown,
  voterKey: string | null,
  clientIp = "unknown",
): Promise<Outcome> {
  const { title, text } = COMMUNITY_MESSAGES.likeFailed;
  const failed = (status: number, reason: string): Outcome => ({
    status,
    result: { ok: false, intent: "like", title, message: text, reason },
  });
  const id = CommentIdSchema.safeParse(rawId);
  if (!id.success) return failed(400, "That comment does not exist.");
  // 428 Precondition Required: the visitor cookie that comes with this answer is the precondition.
  if (!voterKey) {
    const refused = failed(428, "Please allow cookies for this site and try again.");
    return { ...refused, result: { ...refused.result, retryable: true } };
  }
  try {
    const [byIp, byIpAndComment] = await Promise.all([
      hitLimit(db, `like:ip:${clientIp}`, LIKE_LIMIT_PER_IP),
      hitLimit(db, `like:ip:${clientIp}:comment:${id.data}`, LIKE_LIMIT_PER_IP_AND_COMMENT),
    ]);
    if (!byIp.allowed || !byIpAndComment.allowed) {
      getLogger().info({ ip: clientIp }, "like limit reached");
      return failed(
        429,
        retryMessage(
          Math.max(
            byIp.allowed ? 0 : byIp.retryAfterSeconds,
            byIpAndComment.allowed ? 0 : byIpAndComment.retryAfterSeconds,
          ),
        ),
      );
    }
    const outcome = await likeComment(db, id.data, voterKey);
    if (outcome.liked === "missing") return failed(404, "That comment does not exist or was removed.");
    return {
      status: 200,
      result: {
        ok: true,
        intent: "like",
        title: outcome.liked === "added" ? "Liked" : "Already liked",
        message: outcome.liked === "added" ? "Thanks for your like." : "You already liked this comment.",
        commentId: id.data,
        likes: outcome.likes,
      },
    };
  } catch (error) {
    getLogger().error({ err: error }, "liking a comment failed");
    return failed(503, "Please try again later.");
  }
}

// ---------------------------------------------------------------------------------------------
// Moderation (staff only: callers check the role first)
// ---------------------------------------------------------------------------------------------

export const MODERATION_STATUSES = ["visible", "held", "hidden"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Every comment for the staff console, held ones first, with the commenter's email. */
export async function listCommentsForStaff(db: Database, limit = 500) {
  return db
    .select({
      id: communityComments.id,
      name: communityComments.name,
      email: communityComments.email,
      comment: communityComments.comment,
      rating: communityComments.rating,
      likes: communityComments.likes,
      status: communityComments.status,
      createdAt: communityComments.createdAt,
    })
    .from(communityComments)
    .orderBy(
      asc(sql`CASE ${communityComments.status} WHEN 'held' THEN 0 WHEN 'visible' THEN 1 ELSE 2 END`),
      desc(communityComments.createdAt),
    )
    .limit(limit);
}

/** Returns false when there is no such comment. */
export async function setCommentStatus(db: Database, id: string, status: ModerationStatus): Promise<boolean> {
  const rows = await db
    .update(communityComments)
    .set({ status })
    .where(eq(communityComments.id, id))
    .returning({ id: communityComments.id });
  if (rows.length > 0) await pagesChanged(COMMENT_PAGES);
  return rows.length > 0;
}

/** Deletes a comment and its likes. Returns false when there is no such comment. */
export async function deleteComment(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(communityComments)
    .where(eq(communityComments.id, id))
    .returning({ id: communityComments.id });
  if (rows.length > 0) await pagesChanged(COMMENT_PAGES);
  return rows.length > 0;
}

export async function countHeldComments(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(communityComments)
    .where(eq(communityComments.status, "held"));
  return row.n;
}
