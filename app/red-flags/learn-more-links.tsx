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
  return (
    <>
      <p className="mt-2 text-sm" data-learn-more>
        Learn more:{" "}
        <a href={learnMore.href} className="font-medium text-brand-700 underline underline-offset-2">
          {learnMore.title}
        </a>
      </p>
      {course && (
        <p className="mt-1 text-sm text-muted">
          In the course (members):{" "}
          <a href={course.href} className="text-brand-700 underline underline-offset-2">
            {course.title}
          </a>
        </p>
      )}
    </>
  );
}
