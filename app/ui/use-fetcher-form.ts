import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { alreadyAnnounced, showResultToast } from "~/ui/result-toast";
import type { FormResult } from "~/validation/form-result";

/**
 * The shared life of a form that posts with a fetcher: check it in the browser with the same zod
 * schema the action uses (`validate` returns the problem, or null when the form is fine), submit,
 * then show the answer as a toast and clear the form on success. Without JavaScript the form posts
 * normally and the page shows the action's result instead.
 */
export function useFetcherForm<Result extends FormResult>(options: {
  validate: (form: HTMLFormElement) => Result | null | Promise<Result | null>;
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientResult, setClientResult] = useState<Result | null>(null);
  const { onSuccess } = options;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // A route whose clientAction announces its answers (app/ui/result-toast.ts) has shown it already.
    if (!alreadyAnnounced(fetcher.data)) showResultToast(fetcher.data);
    if (fetcher.data.ok) {
      formRef.current?.reset();
      onSuccess?.();
    }
  }, [fetcher.state, fetcher.data, onSuccess]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const problem = await options.validate(form);
    if (problem) {
      setClientResult(problem);
      showResultToast(problem);
      return;
    }
    setClientResult(null);
    fetcher.submit(form);
  };

  return { fetcher, formRef, clientResult, onSubmit, busy: fetcher.state !== "idle" };
}
