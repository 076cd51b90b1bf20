import { Button } from "~/ui/button";
import { FieldError, Input, Label } from "~/ui/input";
import { cn } from "~/ui/cn";
import { useFetcherForm } from "~/ui/use-fetcher-form";
import type { NewsletterResult } from "./newsletter-schema";

/**
 * Posts to /newsletter. Without JavaScript the browser follows the post and /newsletter shows the
 * outcome; with it, the result is a toast and the page stays put.
 */
export function NewsletterForm({
  source,
  idPrefix,
  onSubscribed,
  tone = "light",
  initialResult,
}: {
  source: "home" | "popup";
  idPrefix: string;
  onSubscribed?: () => void;
  tone?: "light" | "dark";
  initialResult?: NewsletterResult;
}) {
  const { fetcher, formRef, onSubmit, busy } = useFetcherForm<NewsletterResult>({
    // The shared zod schema is fetched on first submit, keeping it out of the home page's first load.
    validate: async (form) => {
      const { NewsletterSchema, newsletterValidationResult } = await import("./newsletter-schema");
      const parsed = NewsletterSchema.safeParse(Object.fromEntries(new FormData(form)));
      return parsed.success ? null : newsletterValidationResult(parsed.error);
    },
    onSuccess: onSubscribed,
  });
  const result = fetcher.data ?? initialResult;

  const emailError = result && !result.ok && result.field === "email" ? result.message : undefined;
  const nameError = result && !result.ok && result.field === "name" ? result.message : undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="source" value={source} />
      <div>
        <Label htmlFor={`${idPrefix}-name`} tone={tone}>
          Name (optional)
        </Label>
        <Input
          id={`${idPrefix}-name`}
          name="name"
          autoComplete="name"
          maxLength={100}
          aria-invalid={Boolean(nameError)}
          aria-describedby={nameError ? `${idPrefix}-name-error` : undefined}
        />
        <FieldError id={`${idPrefix}-name-error`} message={nameError} />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-email`} tone={tone}>
          Email
        </Label>
        <Input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(emailError)}
          aria-describedby={emailError ? `${idPrefix}-email-error` : undefined}
        />
        <FieldError id={`${idPrefix}-email-error`} message={emailError} />
      </div>
      <Button type="submit" disabled={busy} variant={tone === "dark" ? "success" : "primary"}>
        {busy ? "Subscribing..." : "Subscribe"}
      </Button>
      {result && !fetcher.data && (
        <p
          role="status"
          className={cn(
            "rounded-lg px-4 py-3 text-sm font-medium sm:col-span-3",
            result.ok ? "bg-safe-50 text-safe-600" : "bg-red-50 text-danger-600",
          )}
        >
          <strong>{result.title}</strong> {result.message}
        </p>
      )}
    </fetcher.Form>
  );
}
