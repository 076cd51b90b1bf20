import { BookOpenCheck } from "lucide-react";

interface Question {
  question: string;
  options: string[];
  answer: number;
  explanation?: string;
}

/** The self-check as plain HTML: think of an answer, then open "Check your answer". */
export function StaticSelfCheck({ questions }: { questions: Question[] }) {
  return (
    <section className="my-8 rounded-2xl border-2 border-brand-200 p-6">
      <h2 className="!mt-0 flex items-center gap-2">
        <BookOpenCheck aria-hidden="true" className="h-6 w-6" /> Self-check
      </h2>
      <p className="text-sm text-muted">Pick an answer in your head (or out loud together), then check it.</p>
      <ol className="!pl-5">
        {questions.map((q, qi) => (
          <li key={qi} className="my-5">
            <p className="font-semibold">{q.question}</p>
            <ul className="mt-2 !list-[lower-alpha] !pl-6">
              {q.options.map((option, oi) => (
                <li key={oi}>{option}</li>
              ))}
            </ul>
            <details className="mt-2 rounded-lg bg-brand-50 px-3 py-2">
              <summary className="cursor-pointer font-semibold text-brand-800">Check your answer</summary>
              <p className="mt-1">
                <strong>{q.options[q.answer]}</strong>
                {q.explanation ? ` ${q.explanation}` : ""}
              </p>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
