import { useT } from "~/i18n/use-translation";

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
  course?: { href: string; title: string };
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
          {t("links.inCourse")} {/* The course is in English: its titles are English on a Spanish page too. */}
          <a href={course.href} lang="en" hrefLang="en" className="text-brand-700 underline underline-offset-2">
            {course.title}
          </a>
        </p>
      )}
    </>
  );
}
