import { Honeypot } from "~/security/honeypot";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FieldError, Label, Textarea } from "~/ui/input";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { useFetcherForm } from "~/ui/use-fetcher-form";
import {
  CommentSchema,
  commentValidationResult,
  DEFAULT_RATING,
  HONEYPOT_FIELD,
  MAX_COMMENT_LENGTH,
  MAX_COMMENTER_NAME,
  type CommentResult,
} from "./comment-schema";

/**
 * Posts to the /community action. With JavaScript the result is a toast and the list refreshes in
 * place; without it the browser follows the post and the page shows the outcome above the form.
 */
export function CommentForm({ action, initialResult }: { action: string; initialResult?: CommentResult }) {
  const { fetcher, formRef, clientResult, onSubmit, busy } = useFetcherForm<CommentResult>({
    validate: (form) => {
      const parsed = CommentSchema.safeParse(Object.fromEntries(new FormData(form)));
      return parsed.success ? null : commentValidationResult(parsed.error);
    },
  });
  const result = clientResult ?? fetcher.data ?? (initialResult?.intent === "post" ? initialResult : undefined);

  const errors = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <Card>
      <h2 className="text-xl font-bold text-brand-900">Share your experience</h2>
      <p className="mt-1 text-sm text-muted">
        Seen a scam, or stopped one? Tell other families. Your email is never shown publicly.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        className="relative mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="post" />
        {/* Without JavaScript the outcome is shown here; with it, a toast says the same. */}
        {!fetcher.data && !clientResult && <FormMessage result={result} />}
        <TextField
          id="comment-name"
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={MAX_COMMENTER_NAME}
          error={errors.name}
        />
        <TextField
          id="comment-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          hint="Only our moderators see it."
        />
        <div>
          <Label htmlFor="comment-text">Comment</Label>
          <Textarea
            id="comment-text"
            name="comment"
            required
            maxLength={MAX_COMMENT_LENGTH}
            aria-invalid={Boolean(errors.comment)}
            aria-describedby="comment-text-hint comment-text-error"
          />
          <p id="comment-text-hint" className="mt-1 text-sm text-muted">
            Up to {MAX_COMMENT_LENGTH.toLocaleString("en-US")} characters. Comments with several links wait for a
            moderator.
          </p>
          <FieldError id="comment-text-error" message={errors.comment} />
        </div>
        <div>
          <Label htmlFor="comment-rating">Rating</Label>
          <select
            id="comment-rating"
            name="rating"
            defaultValue={String(DEFAULT_RATING)}
            aria-invalid={Boolean(errors.rating)}
            aria-describedby="comment-rating-error"
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {[5, 4, 3, 2, 1].map((value) => (
              <option key={value} value={value}>
                {value} {value === 1 ? "star" : "stars"}
              </option>
            ))}
          </select>
          <FieldError id="comment-rating-error" message={errors.rating} />
        </div>
        <Honeypot name={HONEYPOT_FIELD} idPrefix="comment" />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Posting..." : "Post Comment"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
