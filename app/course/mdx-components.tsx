import { AlertTriangle, BookOpenCheck, ChevronDown, Lightbulb, PartyPopper, Pencil, Quote } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";

/** The building blocks course writers use in MDX (see content/course/README.md). */

/** A labelled box with an icon and a heading; the shared shape of the callouts below. */
function Callout({
  label,
  icon: Icon,
  boxClass,
  headingClass,
  kind,
  children,
}: {
  label: string;
  /** Which callout it is, for readers of the page's structure (the track tests compare examples). */
  kind?: string;
  icon: typeof AlertTriangle;
  boxClass: string;
  headingClass: string;
  children: ReactNode;
}) {
  return (
    <aside aria-label={label} data-callout={kind} className={cn("my-6 rounded-xl p-5", boxClass)}>
      <p className={cn("flex items-center gap-2 font-bold", headingClass)}>
        <Icon aria-hidden="true" className="h-5 w-5" /> {label}
      </p>
      <div className="[&_p]:my-2 [&_ul]:my-2">{children}</div>
    </aside>
  );
}

// Each box's heading is in the page's language: a Spanish page is rendered inside a ContentLocale.

function RedFlags({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Callout
      label={t("course.box.redFlags")}
      icon={AlertTriangle}
      boxClass="border-l-4 border-danger-600 bg-red-50"
      headingClass="text-danger-600"
    >
      {children}
    </Callout>
  );
}

function Tip({ title, children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Callout
      label={title ?? t("course.box.tip")}
      icon={Lightbulb}
      boxClass="border-l-4 border-safe-600 bg-safe-50"
      headingClass="text-safe-600"
    >
      {children}
    </Callout>
  );
}

function Example({ title, children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Callout
      kind="example"
      label={title ?? t("course.box.example")}
      icon={Quote}
      boxClass="border border-brand-200 bg-brand-50"
      headingClass="text-brand-800"
    >
      {children}
    </Callout>
  );
}

/** A figure from an authority; `source` names the report and its year, shown under the figure. */
function Fact({ source, children }: { source?: string; children: ReactNode }) {
  const t = useT();
  return (
    <aside aria-label={t("course.box.fact")} className="my-6 rounded-xl bg-slate-100 p-5 font-medium [&_p]:my-1">
      {children}
      {source && <p className="text-sm font-normal text-muted">{t("course.box.source", { source })}</p>}
    </aside>
  );
}

/** Something to do now, alone or with family: each track of a page has its own (issue #37). */
function Activity({ title, children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Callout
      kind="activity"
      label={title ?? t("course.box.activity")}
      icon={Pencil}
      boxClass="border-2 border-dashed border-brand-300 bg-white"
      headingClass="text-brand-800"
    >
      {children}
    </Callout>
  );
}

function GreatJob({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <aside
      aria-label={t("course.box.greatJob")}
      className="my-8 rounded-2xl bg-safe-600 p-6 text-white [&_a]:text-white"
    >
      <p className="flex items-center gap-2 text-2xl font-extrabold">
        <PartyPopper aria-hidden="true" className="h-7 w-7" /> {t("course.box.greatJob")}
      </p>
      <div className="[&_p]:my-2">{children}</div>
    </aside>
  );
}

/** Native details/summary: keyboard and screen-reader friendly, and it works without JavaScript. */
function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group my-3 rounded-xl border border-slate-200 bg-white open:shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 font-semibold text-brand-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown aria-hidden="true" className="h-5 w-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="px-5 pb-4">{children}</div>
    </details>
  );
}

interface Question {
  question: string;
  options: string[];
  answer: number;
  explanation?: string;
}

/**
 * A short self-check. Answers stay in the browser: nothing about them is sent anywhere.
 *
 * No script needed for the answers (the page ships none, decision 039): the radio buttons are the
 * browser's own, and the feedback under each question shows through CSS once one of its options
 * is ticked (the right option turns green, a wrong pick red, with "Correct!" or "Not quite." and
 * the explanation). The running total is kept by the course page's small inline script
 * (`app/course/course-page-script.ts`); without JavaScript the answers are listed instead.
 */
function SelfCheck({ questions }: { questions: Question[] }) {
  const id = useId();
  const t = useT();
  const total = questions.length;
  // The page's script shows the running total; every sentence it may need is written here, by the
  // catalogue, so the script never builds a sentence of its own.
  const totals = {
    answered: Array.from({ length: total + 1 }, (_, answered) => t("course.selfCheck.answered", { answered, total })),
    right: Array.from({ length: total + 1 }, (_, right) => t("course.selfCheck.right", { right, total })),
  };
  return (
    <section data-self-check aria-labelledby={`${id}-title`} className="my-8 rounded-2xl border-2 border-brand-200 p-6">
      <h2 id={`${id}-title`} className="!mt-0 flex items-center gap-2">
        <BookOpenCheck aria-hidden="true" className="h-6 w-6" /> {t("course.selfCheck.title")}
      </h2>
      <p className="text-sm text-muted">{t("course.selfCheck.intro")}</p>
      <ol className="!list-none !pl-0">
        {questions.map((q, qi) => (
          <li key={qi} className="my-5">
            <fieldset className="group/question">
              <legend className="font-semibold">
                {qi + 1}. {q.question}
              </legend>
              <div className="mt-2 space-y-2">
                {q.options.map((option, oi) => {
                  const inputId = `${id}-${qi}-${oi}`;
                  const right = oi === q.answer;
                  return (
                    <div
                      key={oi}
                      className={cn(
                        "flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2",
                        // Once answered, the right option turns green, a wrong pick red; the rest stay light.
                        right
                          ? "group-has-checked/question:border-safe-600 group-has-checked/question:bg-safe-50"
                          : "has-checked:border-danger-600 has-checked:bg-red-50",
                      )}
                    >
                      <input
                        id={inputId}
                        type="radio"
                        name={`${id}-q${qi}`}
                        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                        value={oi}
                        data-right={right ? "" : undefined}
                      />
                      <label htmlFor={inputId}>{option}</label>
                    </div>
                  );
                })}
              </div>
              <p aria-live="polite" className="mt-2 text-sm">
                <span className="hidden font-semibold text-safe-600 group-has-[[data-right]:checked]/question:inline">
                  {t("course.selfCheck.correct")}{" "}
                </span>
                <span className="hidden font-semibold text-danger-600 group-has-[input:not([data-right]):checked]/question:inline">
                  {t("course.selfCheck.notQuite")}{" "}
                </span>
                {q.explanation && <span className="hidden group-has-checked/question:inline">{q.explanation}</span>}
              </p>
            </fieldset>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="font-semibold" data-self-check-total={JSON.stringify(totals)} hidden>
        {totals.answered[0]}
      </p>
      <noscript>
        <p className="text-sm">
          {t("course.selfCheck.answers", {
            answers: questions.map((q, i) => `${i + 1}. ${q.options[q.answer]}`).join("; "),
          })}
        </p>
      </noscript>
    </section>
  );
}

export const mdxComponents = { RedFlags, Tip, Example, Fact, Activity, GreatJob, Collapsible, SelfCheck };
