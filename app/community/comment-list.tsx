import { Heart, Star } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/ui/toast";
import { cn } from "~/ui/cn";
import { CommentText } from "./comment-text";
import type { CommentResult, PublicComment } from "./comment-schema";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={cn("h-4 w-4", value <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

/** A POST form, so it works before JavaScript loads; with it, a fetcher keeps the page in place. */
function LikeButton({ comment, action }: { comment: PublicComment; action: string }) {
  const fetcher = useFetcher<CommentResult>();
  const pending = fetcher.state !== "idle";

  const retried = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    // The first like can come before the visitor cookie did; the refusal brought it, so send it again once.
    if (fetcher.data.retryable && !retried.current) {
      retried.current = true;
      void submit({ intent: "like", commentId: comment.id }, { method: "post", action });
      return;
    }
    const { message, reason } = fetcher.data;
    toast.error(fetcher.data.title, { description: reason ? `${message}. ${reason}` : message });
  }, [fetcher.state, fetcher.data, submit, comment.id, action]);

  const liked = comment.likedByMe || (pending && !comment.likedByMe) || Boolean(fetcher.data?.ok);
  // While the like is on its way, show it counted; the reload that follows shows the true count.
  const likes = pending && !comment.likedByMe ? comment.likes + 1 : comment.likes;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="like" />
      <input type="hidden" name="commentId" value={comment.id} />
      <button
        type="submit"
        aria-pressed={liked}
        // A like counts once, so a second press has nothing to send. Sending it anyway while the
        // first one's reload is under way made React Router abort that reload, which it reports
        // as an uncaught "signal is aborted" error in the browser.
        onClick={(event) => {
          if (liked) event.preventDefault();
        }}
        className={cn(
          "inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 transition-colors",
          liked ? "bg-red-50 text-danger-600 ring-red-200" : "bg-white text-brand-800 ring-slate-300 hover:bg-brand-50",
        )}
      >
        <Heart aria-hidden="true" className={cn("h-4 w-4", liked && "fill-current")} />
        <span className="sr-only">Like comment by {comment.name}:</span>
        <span data-testid="like-count">{likes}</span>
        <span className="sr-only">{likes === 1 ? "like" : "likes"}</span>
      </button>
    </fetcher.Form>
  );
}

export function CommentList({ comments, action }: { comments: PublicComment[]; action: string }) {
  if (comments.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">
        No comments yet. Be the first to share!
      </p>
    );
  }
  return (
    <ol aria-label="Comments" className="space-y-4">
      {comments.map((comment) => (
        <li key={comment.id}>
          <article
            aria-label={`Comment by ${comment.name}`}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="comment"
          >
            <header className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="font-semibold text-brand-900">{comment.name}</h3>
                <p className="text-xs text-muted">
                  <time dateTime={comment.createdAt}>{dateFormat.format(new Date(comment.createdAt))}</time>
                </p>
              </div>
              <Stars rating={comment.rating} />
            </header>
            <CommentText text={comment.comment} />
            <div className="mt-3">
              <LikeButton comment={comment} action={action} />
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
