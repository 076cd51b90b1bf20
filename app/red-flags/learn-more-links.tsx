/**
 * Under a red flag or a warning sign: "Learn more" opens the public red-flag page (no account
 * needed), then the course page that teaches it, for members. Plain anchors, so they work on pages
 * without script and from the practice host (where the addresses are absolute).
 */
export function LearnMoreLinks({
  learnMore,
  course,
}: {
  learnMore: { href: string; title: string };
  course: { href: string; title: string };
}) {
  return (
    <>
      <p className="mt-2 text-sm" data-learn-more>
        Learn more:{" "}
        <a href={learnMore.href} className="font-medium text-brand-700 underline underline-offset-2">
          {learnMore.title}
        </a>
      </p>
      <p className="mt-1 text-sm text-muted">
        In the course (members):{" "}
        <a href={course.href} className="text-brand-700 underline underline-offset-2">
          {course.title}
        </a>
      </p>
    </>
  );
}
