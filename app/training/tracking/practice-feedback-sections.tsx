import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import type { CoursePageLink, FeedbackView } from "./practice-feedback.server";
import { ArrivedEmail, ArrivedText, FlagNumber } from "./practice-message-view";

/**
 * The parts a practice message's feedback shows, shared by the person's own feedback page
 * (/practice/:token/feedback) and the holder's read-only view (/account/training/messages/:id):
 * the message as it arrived beside its numbered red flags, what to do next time, and the course
 * pages that teach it.
 */

export function ArrivedWithRedFlags({
  view,
  flagsHeading,
}: {
  view: Pick<FeedbackView, "channel" | "message" | "redFlags"> & { linkText: string };
  flagsHeading: string;
}) {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="arrived-heading">
        <h2 id="arrived-heading" className="text-lg font-bold text-brand-900">
          {view.channel === "email" ? "The email as it arrived" : "The text as it arrived"}
        </h2>
        <div className="mt-3">
          {view.channel === "email" ? (
            <ArrivedEmail message={view.message} />
          ) : (
            <ArrivedText message={view.message} linkText={view.linkText} />
          )}
        </div>
      </section>

      <section aria-labelledby="red-flags-heading">
        <h2 id="red-flags-heading" className="text-lg font-bold text-brand-900">
          {flagsHeading}
        </h2>
        <ol aria-labelledby="red-flags-heading" className="mt-3 space-y-4">
          {view.redFlags.map((flag) => (
            <li
              key={flag.number}
              data-red-flag={flag.number}
              className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4"
            >
              <FlagNumber number={flag.number} className="mt-1" />
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  <span className="sr-only">
                    Red flag {flag.number}, in {flag.where}:{" "}
                  </span>
                  <span aria-hidden="true">In {flag.where}: </span>“{flag.quote}”
                </p>
                <p className="mt-1">{flag.why}</p>
                <p className="mt-2 text-sm">
                  Learn more:{" "}
                  <Link to={flag.course.href} className="font-medium text-brand-700 underline underline-offset-2">
                    {flag.course.title}
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function NextTimeSection({ text }: { text: string }) {
  return (
    <section aria-labelledby="next-time-heading" className="mt-10 rounded-2xl bg-brand-50 p-5">
      <h2 id="next-time-heading" className="text-lg font-bold text-brand-900">
        What to do next time
      </h2>
      <p className="mt-2">{text}</p>
    </section>
  );
}

export function CoursePagesSection({ pages }: { pages: CoursePageLink[] }) {
  return (
    <section aria-labelledby="course-heading" className="mt-10">
      <h2 id="course-heading" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <BookOpen aria-hidden="true" className="h-5 w-5" /> Learn more in the course
      </h2>
      <ul className="mt-3 space-y-2">
        {pages.map((page) => (
          <li key={page.page}>
            <Link to={page.href} className="font-medium text-brand-700 underline underline-offset-2">
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the scam this practice message imitates is described by an authority, with its date. */
export function SourcesSection({ sources }: { sources: FeedbackView["sources"] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="sources-heading" className="mt-10">
      <h2 id="sources-heading" className="text-lg font-bold text-brand-900">
        This practice copies a real scam
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {sources.map((source) => (
          <li key={source.url}>
            {source.publisher},{" "}
            <a href={source.url} className="font-medium text-brand-700 underline underline-offset-2">
              {source.title}
            </a>{" "}
            ({source.date})
          </li>
        ))}
      </ul>
    </section>
  );
}
