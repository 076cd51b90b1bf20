import type { Route } from "./+types/community.visitor";
import { getSessionUser } from "~/account/session.server";
import { CommentIdSchema } from "~/community/comment-schema";
import { COMMENT_PAGE_SIZE, likedCommentIds } from "~/community/comments.server";
import { getVisitorVoter } from "~/community/visitor.server";
import { getDatabase } from "~/db/database.server";

/** A transparent 1×1 GIF: what the forum's hidden image receives along with the visitor cookie. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The personal part of the (shared, cached) forum page, never cached itself:
 *  - `GET /community/visitor` gives the browser its visitor cookie for likes (the page shows it
 *    as a hidden image, so this works without JavaScript) and answers with a pixel;
 *  - `GET /community/visitor?ids=a,b,…` also says which of those comments this browser liked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser({ request, context });
  const { voterKey, setCookie } = await getVisitorVoter(request, user);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);

  const ids = new URL(request.url).searchParams.get("ids");
  if (ids === null) {
    headers.set("Content-Type", "image/gif");
    return new Response(new Uint8Array(PIXEL), { headers });
  }
  const wanted = ids
    .split(",")
    .slice(0, COMMENT_PAGE_SIZE)
    .filter((id) => CommentIdSchema.safeParse(id).success);
  const liked = voterKey && wanted.length > 0 ? await likedCommentIds(await getDatabase(), voterKey, wanted) : [];
  return Response.json({ liked }, { headers });
}
