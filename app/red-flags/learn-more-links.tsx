import type { Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";

/** A course page to link to: its Spanish edition for a Spanish reader where one is written, else English. */
export interface CourseLinkView {
  href: string;
  title: string;
  language: Locale;
}

/**
 * Under a red flag or a warning sign: "Learn more" opens the public red-flag page (no account
 * needed), then, where the reader has an account, the course page that teaches it. Pages read by
 * people without one (the practice feedback page, the free taste) leave `course` out: the course
 * would only show them a sign-in form, right after a practice scam (issue #35). Plain anchors, so
 * they work on pages without script and from the practice host (where the addresses are absolute).
 */
export function LearnMoreLinks({
  learnMore,
  course,
}: {
  learnMore: { href: string; title: string };
  course?: CourseLinkView;
}) {
  const t = useT();
  return (
    <>
      <p className="mt-2 text-sm" data-learn-more>
        {t("links.learnMore")}{" "}
        <a href={learnMore.href} className="font-medium text-brand-700 underline underline-offset-2">
          {learnMore.title}
        </a>
      </p>
      {course && (
        <p className="mt-1 text-sm text-muted">
          {t("links.inCourse")} <CourseLink course={course} />
        </p>
      )}
    </>
  );
}

/**
 * A link to a course page, in its own language: a Spanish reader's link to a page written only in
 * English is marked so, to the browser (lang, hreflang) and in words ("(en inglés)").
 */
export function CourseLink({ course, className }: { course: CourseLinkView; className?: string }) {
  const t = useT();
  const other = course.language !== t.locale;
  return (
    <>
      <a
        href={course.href}
        lang={other ? course.language : undefined}
        hrefLang={course.language}
        className={className ?? "text-brand-700 underline underline-offset-2"}
      >
        {course.title}
      </a>
      {other && <> {t("links.otherLanguage")}</>}
    </>
  );
}
