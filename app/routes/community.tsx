import { useEffect, useMemo, useState } from "react";
import { data, Form, useLocation, useSubmit } from "react-router";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/community";
import { getSessionUser } from "~/account/session.server";
import { CommentForm } from "~/community/comment-form";
import { CommentList } from "~/community/comment-list";
import {
  COMMENT_SORTS,
  COMMUNITY_MESSAGES,
  parseSort,
  SORT_LABELS,
  type CommentResult,
} from "~/community/comment-schema";
import { handleCommentPost, handleLike, listVisibleComments, type PublicComment } from "~/community/comments.server";
import { ResourcesCard } from "~/community/resources-card";
import { getVoterForLike, voterForPage } from "~/community/visitor.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { FormMessage } from "~/ui/form-message";
import { Label } from "~/ui/input";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Community Forum",
    description:
      "Families share the scams they have seen and how they handled them. Read, rate and add your own story.",
    path: "/community",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const sort = parseSort(new URL(request.url).searchParams.get("sort"));
  const user = await getSessionUser({ request, context });
  let comments: PublicComment[] = [];
  let loadError = false;
  try {
    comments = await listVisibleComments(await getDatabase(), sort, voterForPage(user));
  } catch (error) {
    getLogger().error({ err: error }, "loading comments failed");
    loadError = true;
  }
  return data({ sort, comments, loadError, signedIn: Boolean(user) }, { status: loadError ? 503 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const db = await getDatabase();
    if (form.intent === "post") {
      const { status, result } = await handleCommentPost(db, form, context.clientIp);
      return data(result, { status });
    }
    if (form.intent === "like") {
      const { voterKey, setCookie } = await getVoterForLike(request, await getSessionUser({ request, context }));
      const { status, result } = await handleLike(db, form.commentId, voterKey, context.clientIp);
      const headers = new Headers();
      if (setCookie) headers.append("Set-Cookie", setCookie);
      return data(result, { status, headers });
    }
  } catch (error) {
    getLogger().error({ err: error }, "community action failed");
    const failure = form.intent === "like" ? COMMUNITY_MESSAGES.likeFailed : COMMUNITY_MESSAGES.postFailed;
    const result: CommentResult = {
      ok: false,
      intent: form.intent === "like" ? "like" : "post",
      title: failure.title,
      message: failure.text,
    };
    return data(result, { status: 503 });
  }
  const unknown: CommentResult = { ok: false, intent: "form", title: "Error", message: "Unknown form." };
  return data(unknown, { status: 400 });
}

/**
 * The anonymous page is the same for everyone (and cached), so which comments this browser liked
 * is asked for after it loads. Signed-in pages already carry it.
 */
function useVisitorLikes(comments: PublicComment[], signedIn: boolean): PublicComment[] {
  const ids = comments.map((comment) => comment.id).join(",");
  const [liked, setLiked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (signedIn || !ids) return;
    const controller = new AbortController();
    fetch(`/community/visitor?ids=${ids}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ liked: string[] }>) : { liked: [] }))
      .then((body) => setLiked(new Set(body.liked)))
      // Only the pressed look of the like buttons depends on it; the likes themselves still count once.
      .catch(() => {});
    return () => controller.abort();
  }, [ids, signedIn]);
  return useMemo(
    () => comments.map((comment) => (liked.has(comment.id) ? { ...comment, likedByMe: true } : comment)),
    [comments, liked],
  );
}

function SortForm({ sort }: { sort: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/community" className="flex flex-wrap items-end gap-2" preventScrollReset>
      <div>
        <Label htmlFor="comment-sort">Sort by</Label>
        <select
          key={sort}
          id="comment-sort"
          name="sort"
          defaultValue={sort}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
          className="block h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
        >
          {COMMENT_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Sort
      </Button>
    </Form>
  );
}

export default function Community({ loaderData, actionData }: Route.ComponentProps) {
  const { sort, loadError, signedIn } = loaderData;
  const comments = useVisitorLikes(loaderData.comments, signedIn);
  const location = useLocation();
  const action = `/community${location.search}`;

  useEffect(() => {
    if (loadError)
      toast.error(COMMUNITY_MESSAGES.loadFailed.title, { description: COMMUNITY_MESSAGES.loadFailed.text });
  }, [loadError]);

  // Without JavaScript a failed like comes back as the page's action data.
  const likeProblem = actionData?.intent === "like" && !actionData.ok ? actionData : undefined;

  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      {/* Gives this browser its visitor cookie for likes, with or without JavaScript. */}
      {!signedIn && <img src="/community/visitor" alt="" width={1} height={1} hidden />}
      <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">Community Forum</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">
        Families share the scams they have come across and what they did about them. Read, rate, and add your own story:
        it may save someone else.
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[24rem_1fr]">
        <div className="space-y-6">
          <CommentForm action={action} initialResult={actionData ?? undefined} />
          <ResourcesCard signedIn={signedIn} />
        </div>
        <div>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <h2 className="text-2xl font-bold text-brand-900">Comments</h2>
            <SortForm sort={sort} />
          </div>
          {likeProblem && (
            <div className="mb-4">
              <FormMessage
                result={{ ...likeProblem, message: `${likeProblem.message}. ${likeProblem.reason ?? ""}`.trim() }}
              />
            </div>
          )}
          {loadError ? (
            <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-danger-600">
              <p className="font-semibold">{COMMUNITY_MESSAGES.loadFailed.title}</p>
              <p>{COMMUNITY_MESSAGES.loadFailed.text}</p>
            </div>
          ) : (
            <CommentList comments={comments} action={action} />
          )}
        </div>
      </div>
    </section>
  );
}
