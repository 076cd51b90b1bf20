import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button";
import { FieldError, Input, Label } from "~/ui/input";
import { cn } from "~/ui/cn";
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
  const fetcher = useFetcher<NewsletterResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? initialResult;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const { ok, title, message } = fetcher.data;
    if (ok) {
      toast.success(title, { description: message });
      formRef.current?.reset();
      onSubscribed?.();
    } else {
      toast.error(title, { description: message });
    }
  }, [fetcher.state, fetcher.data, onSubscribed]);

  // The shared zod schema is fetched on first submit, keeping it out of the home page's first load.
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { NewsletterSchema, newsletterValidationResult } = await import("./newsletter-schema");
    const parsed = NewsletterSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const problem = newsletterValidationResult(parsed.error);
      toast.error(problem.title, { description: problem.message });
      return;
    }
    fetcher.submit(form);
  };

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
