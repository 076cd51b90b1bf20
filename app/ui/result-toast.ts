import type { FormResult } from "~/validation/form-result";
import { toast } from "./toast";

/**
 * A form's answer as a toast, shown from a route's clientAction the moment the server answers.
 *
 * A toast raised from a component's effect when `fetcher.data` changes can be lost: the form may
 * be gone by the time the page renders the answer (a removed person's card leaves with the
 * revalidated list), and on a loaded machine the browser tests saw "Notice sent" and "Cousin Lee
 * was added" never appear although the action had answered and the page had re-rendered (one run
 * in ten with both cores busy). The clientAction runs outside React, once per submission, so
 * nothing about rendering can skip it. The answers it showed are remembered, so a form's own
 * effect (useFetcherForm, useResultToast) does not show them twice.
 */

const announced = new WeakSet<object>();

function isFormResult(value: unknown): value is FormResult {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FormResult).ok === "boolean" &&
    typeof (value as FormResult).title === "string"
  );
}

export function showResultToast(result: FormResult) {
  if (result.ok) toast.success(result.title, { description: result.message });
  else toast.error(result.title, { description: result.message });
}

/** For a route's clientAction: the server action's answer, shown as a toast and passed on unchanged. */
export async function announceServerAnswer<Answer>(serverAction: () => Promise<Answer>): Promise<Answer> {
  const answer = await serverAction();
  if (isFormResult(answer)) {
    showResultToast(answer);
    announced.add(answer);
  }
  return answer;
}

/** Whether a clientAction has already shown this answer (the same object the fetcher or page now holds). */
export function alreadyAnnounced(result: unknown): boolean {
  return typeof result === "object" && result !== null && announced.has(result);
}
