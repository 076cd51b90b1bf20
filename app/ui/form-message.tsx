import { ANSWER_IN_VIEW_CLASS, useAnswerInView } from "./answer-in-view";
import { cn } from "./cn";

/**
 * The outcome of a form post, shown in the page (the toast may be missed, or JavaScript off), and
 * brought into view when it arrives: the form pressed may be a screen below it.
 */
export function FormMessage({ result }: { result?: { ok: boolean; title: string; message: string } | null }) {
  const ref = useAnswerInView<HTMLDivElement>(result);
  if (!result) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      data-form-answer
      className={cn(
        "rounded-lg px-4 py-3 text-sm",
        ANSWER_IN_VIEW_CLASS,
        result.ok ? "bg-safe-50 text-safe-600" : "bg-red-50 text-danger-600",
      )}
    >
      <p className="font-semibold">{result.title}</p>
      <p>{result.message}</p>
    </div>
  );
}
