import { useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { showResultToast } from "~/ui/result-toast";
import { FormMessage } from "~/ui/form-message";
import { formDataToObject } from "~/validation/fields";
import { pathInLocale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";
import {
  contactValidationResult,
  parseTrainingAction,
  type TrainingIntent,
  type TrainingResult,
} from "./contact-schema";

/**
 * One form on /account/training: posts with a fetcher, checks itself first with the same schema
 * as the action, and shows a problem next to the form. The answer's toast comes from the route's
 * clientAction (app/ui/result-toast.ts), the moment the server answers: by the time the page has
 * re-rendered, the form may be gone (a removed person). Without JavaScript it posts normally and
 * the page shows the action's answer.
 */
export function TrainingForm({
  intent,
  contactId,
  className,
  children,
  label,
  confirmInline = false,
}: {
  intent: TrainingIntent;
  contactId?: string;
  className?: string;
  /** The fields and button; given the field problems and whether the form is busy. */
  children: (state: { errors: Record<string, string>; busy: boolean }) => ReactNode;
  /** An accessible name for the form (landmark), e.g. "Add a person". */
  label?: string;
  /**
   * Also confirm a success in the form itself, not only in a toast: for a form that stays open
   * after it is sent (editing a person), where a toast that has faded leaves no sign it worked.
   */
  confirmInline?: boolean;
}) {
  const fetcher = useFetcher<TrainingResult>();
  // The page's own language: the schema's problems and the action's answers come in it.
  const t = useT();
  const [clientResult, setClientResult] = useState<TrainingResult | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parseTrainingAction(formDataToObject(new FormData(form)), t);
    if (!parsed.success) {
      const problem = contactValidationResult(parsed.error, t);
      setClientResult(problem);
      showResultToast(problem);
      return;
    }
    setClientResult(null);
    fetcher.submit(form);
  };
  const busy = fetcher.state === "submitting";
  const result = clientResult ?? fetcher.data;
  const problem = result && !result.ok ? result : null;
  return (
    <fetcher.Form
      method="post"
      action={pathInLocale("/account/training", t.locale)}
      noValidate
      onSubmit={onSubmit}
      className={className}
      aria-label={label}
    >
      <input type="hidden" name="intent" value={intent} />
      {contactId && <input type="hidden" name="contactId" value={contactId} />}
      {problem && (
        <div className="mb-3">
          <FormMessage result={problem} />
        </div>
      )}
      {children({ errors: problem?.fields ?? {}, busy })}
      {confirmInline && result?.ok && !busy && (
        <p role="status" className="text-sm text-safe-600">
          <strong>{result.title}.</strong> {result.message}
        </p>
      )}
    </fetcher.Form>
  );
}
