import { BookOpen } from "lucide-react";
import { useT } from "~/i18n/use-translation";
import { CourseLink, LearnMoreLinks } from "~/red-flags/learn-more-links";
import type { CoursePageLink, FeedbackView, RedFlagPageLink, SequenceView } from "./practice-feedback.server";
import { ArrivedEmail, ArrivedText, FlagNumber } from "./practice-message-view";

/**
 * The parts a practice message's feedback shows, shared by the person's own feedback page
 * (/practice/:token/feedback) and the holder's read-only view (/account/training/messages/:id):
 * the message as it arrived beside its numbered red flags, what to do next time, and where to
 * learn more: the public red-flag pages (no account needed: issue #23) and, in the holder's view
 * only (`members`), the course pages. The person reading their own feedback page usually has no
 * account, and the course would only show them a sign-in form (issue #35). The links are absolute
 * addresses on the main site and plain anchors, since the feedback page is on the practice host,
 * which loads no script.
 */

export function ArrivedWithRedFlags({
  view,
  flagsHeading,
  members = false,
  contentLanguage,
}: {
  view: Pick<FeedbackView, "channel" | "message" | "redFlags"> & { linkText: string };
  flagsHeading: string;
  /** The reader has an account (the holder's view): the course links are shown too. */
  members?: boolean;
  /**
   * The message's language when it is not the page's (the holder's Spanish page about an English
   * message): set as `lang` on the message's words and on its red flags' quotes and explanations.
   */
  contentLanguage?: string;
}) {
  const t = useT();
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="arrived-heading">
        <h2 id="arrived-heading" className="text-lg font-bold text-brand-900">
          {view.channel === "email" ? t("feedback.arrived.email") : t("feedback.arrived.text")}
        </h2>
        <div className="mt-3">
          {view.channel === "email" ? (
            <ArrivedEmail message={view.message} contentLanguage={contentLanguage} />
          ) : (
            <ArrivedText message={view.message} linkText={view.linkText} contentLanguage={contentLanguage} />
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
                    {t("feedback.flag.label", { number: flag.number, where: flag.where })}
                  </span>
                  <span aria-hidden="true">{t("feedback.flag.where", { where: flag.where })}</span>
                  <span lang={contentLanguage}>“{flag.quote}”</span>
                </p>
                <p className="mt-1" lang={contentLanguage}>
                  {flag.why}
                </p>
                <LearnMoreLinks learnMore={flag.learnMore} course={members ? flag.course : undefined} />
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * A scam told in steps (issue #36): the steps before this one, as they arrived and with their own
 * red flags, so the reader sees how the story was built before it asked for anything.
 */
export function StorySoFarSection({ sequence, contentLanguage }: { sequence: SequenceView; contentLanguage?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="story-heading" className="mt-8 rounded-2xl border border-slate-200 p-5">
      <h2 id="story-heading" className="text-lg font-bold text-brand-900">
        {t("feedback.story.heading", { step: sequence.step, steps: sequence.steps })}
      </h2>
      <p className="mt-2 text-muted">
        {t("feedback.story.explain", { steps: sequence.steps })}
        {sequence.earlier.length > 0 ? t("feedback.story.before") : t("feedback.story.first")}
      </p>
      {sequence.earlier.map((step) => (
        <div key={step.step} className="mt-6" data-story-step={step.step}>
          <h3 className="font-bold text-brand-900">
            {t("feedback.story.step", { step: step.step, steps: sequence.steps })}
          </h3>
          <div className="mt-3 grid gap-4 lg:grid-cols-2">
            {step.channel === "email" ? (
              <ArrivedEmail message={step.message} contentLanguage={contentLanguage} />
            ) : (
              <ArrivedText message={step.message} linkText={step.linkText} contentLanguage={contentLanguage} />
            )}
            <ol aria-label={t("feedback.story.stepFlags", { step: step.step })} className="space-y-3">
              {step.redFlags.map((flag) => (
                <li key={flag.number} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3">
                  <FlagNumber number={flag.number} className="mt-1" />
                  <p className="min-w-0 break-words">
                    <span className="sr-only">
                      {t("feedback.flag.label", { number: flag.number, where: flag.where })}
                    </span>
                    <span lang={contentLanguage}>
                      <span className="font-semibold">“{flag.quote}”</span> {flag.why}
                    </span>
                  </p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      ))}
    </section>
  );
}

/**
 * `heading`: the holder's view names the person ("What Sam can do next time"). `contentLanguage`:
 * the language of `text` (the library's) when it is not the page's.
 */
export function NextTimeSection({
  text,
  heading,
  contentLanguage,
}: {
  text: string;
  heading?: string;
  contentLanguage?: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="next-time-heading" className="mt-10 rounded-2xl bg-brand-50 p-5">
      <h2 id="next-time-heading" className="text-lg font-bold text-brand-900">
        {heading ?? t("feedback.nextTime")}
      </h2>
      <p className="mt-2" lang={contentLanguage}>
        {text}
      </p>
    </section>
  );
}

/**
 * A verification drill's lesson (issue #36): the ritual that beats a message pretending to be
 * family, a friend, a boss or the bank, and the course page that teaches it.
 */
export function CheckFirstSection({ course, friendly }: { course: CoursePageLink; friendly: boolean }) {
  const t = useT();
  const steps = friendly
    ? [
        t("feedback.checkFirst.step1Friendly"),
        t("feedback.checkFirst.step2Friendly"),
        t("feedback.checkFirst.step3Friendly"),
      ]
    : [t("feedback.checkFirst.step1"), t("feedback.checkFirst.step2"), t("feedback.checkFirst.step3")];
  return (
    <section aria-labelledby="check-first-heading" className="mt-10 rounded-2xl bg-safe-50 p-5 ring-1 ring-green-200">
      <h2 id="check-first-heading" className="text-lg font-bold text-brand-900">
        {t("feedback.checkFirst.heading")}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-3">
        {t("feedback.checkFirst.course")}{" "}
        <CourseLink course={course} className="font-medium text-brand-700 underline underline-offset-2" />
      </p>
    </section>
  );
}

/** The public pages about this message's kinds of red flag, then (`members` only) the course pages. */
export function LearnMoreSection({
  redFlagPages,
  coursePages,
  members = false,
}: {
  redFlagPages: RedFlagPageLink[];
  coursePages: CoursePageLink[];
  members?: boolean;
}) {
  const t = useT();
  return (
    <section aria-labelledby="learn-more-heading" className="mt-10">
      <h2 id="learn-more-heading" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <BookOpen aria-hidden="true" className="h-5 w-5" /> {t("feedback.learnMore.heading")}
      </h2>
      <ul className="mt-3 space-y-2">
        {redFlagPages.map((page) => (
          <li key={page.href}>
            <a href={page.href} className="font-medium text-brand-700 underline underline-offset-2">
              {page.title}
            </a>
          </li>
        ))}
      </ul>
      {members && coursePages.length > 0 && (
        <>
          <p id="course-pages-label" className="mt-5 text-sm font-semibold text-muted">
            {t("links.inCourse")}
          </p>
          <ul aria-labelledby="course-pages-label" className="mt-1 space-y-1 text-sm">
            {coursePages.map((page) => (
              <li key={page.page}>
                <CourseLink course={page} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** For the real messages that come next: the public checker on the main site. */
export function CheckerSection({ href }: { href: string }) {
  const t = useT();
  return (
    <section aria-labelledby="checker-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="checker-heading" className="text-lg font-bold text-brand-900">
        {t("feedback.checker.heading")}
      </h2>
      <p className="mt-2">
        {t.rich("feedback.checker.text", {
          link: (chunks) => (
            <a href={href} className="font-medium text-brand-700 underline underline-offset-2">
              {chunks}
            </a>
          ),
        })}
      </p>
    </section>
  );
}

/**
 * A source's language, so a reader's screen reader says its title the right way: the authorities'
 * Spanish pages (consumidor.ftc.gov, a Spanish title), else English.
 */
function sourceLanguage(source: { url: string; title: string }): "en" | "es" {
  return /^https:\/\/consumidor\./.test(source.url) || /[¿¡ñáéíóú]|\b(?:de|la|los|las|que|para)\b/.test(source.title)
    ? "es"
    : "en";
}

/** Where the scam this practice message imitates is described by an authority, with its date. */
export function SourcesSection({ sources }: { sources: FeedbackView["sources"] }) {
  const t = useT();
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="sources-heading" className="mt-10">
      <h2 id="sources-heading" className="text-lg font-bold text-brand-900">
        {t("feedback.sources.heading")}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {sources.map((source) => (
          <li key={source.url}>
            {source.publisher},{" "}
            <a
              href={source.url}
              lang={sourceLanguage(source)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {source.title}
            </a>{" "}
            ({source.date})
          </li>
        ))}
      </ul>
    </section>
  );
}
