import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/weekly-lesson";
import { requireMemberAccess } from "~/billing/membership.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { formatLessonDay } from "~/weekly/lesson-days";
import { isOpenFor, memberLessons } from "~/weekly/member-lessons.server";
import { renderWeeklyLesson, RETIRED_LESSONS } from "~/weekly/weekly-lessons.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.lesson.title ?? "Weekly lesson",
    description: args.data?.lesson.summary ?? "A weekly lesson for Training Program members.",
    path: `/weekly-lessons/${args.params.slug}`,
    noIndex: true,
  });

/**
 * One lesson, for members only, and only once it has opened for them (lessons open one a week
 * from the day they joined). Others go back to the Weekly Lessons page, which explains why.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, access } = await requireMemberAccess({ request, context }, { otherwise: "/weekly-lessons" });
  const retired = RETIRED_LESSONS[params.slug];
  if (retired) throw redirect(retired, 301);
  const rendered = /^[a-z0-9-]{1,120}$/.test(params.slug) ? renderWeeklyLesson(params.slug) : null;
  if (!rendered) throw data("Lesson not found", { status: 404 });
  const shelf = await memberLessons(await getDatabase(), access, user.email);
  if (!isOpenFor(shelf, params.slug)) {
    const opensOn = shelf.next?.slug === params.slug ? shelf.next.opensOn : null;
    throw data(
      opensOn
        ? `This lesson opens for you on ${formatLessonDay(opensOn)}.`
        : "This lesson has not opened for you yet. A new lesson opens every week.",
      { status: 403 },
    );
  }
  return rendered;
}

export default function WeeklyLesson({ loaderData }: Route.ComponentProps) {
  const { lesson, html, contents } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/weekly-lessons" className="text-sm font-semibold text-brand-700 underline">
        All weekly lessons
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{lesson.title}</h1>
      <p className="mt-2 text-muted">
        {lesson.readingMinutes} min read for adults · Last reviewed {formatLessonDay(lesson.lastReviewed)}
      </p>
      <nav aria-labelledby="lesson-contents" className="mt-6 rounded-xl bg-brand-50 p-4">
        <h2 id="lesson-contents" className="text-base font-bold text-brand-900">
          In this lesson
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {[...contents, { id: "lesson-sources", title: "Sources" }].map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="text-brand-700 underline underline-offset-2">
                {entry.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {/* Our own MDX, rendered on the server from files in this repository; nothing user-written. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      <section aria-labelledby="lesson-sources" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="lesson-sources" className="text-xl font-bold text-brand-900">
          Sources
        </h2>
        <ul className="mt-3 space-y-2">
          {lesson.sources.map((source) => (
            <li key={source.url}>
              {source.publisher},{" "}
              <a href={source.url} className="text-brand-700 underline" rel="noopener noreferrer">
                {source.title}
              </a>{" "}
              <span className="text-muted">({source.date})</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          Last reviewed {formatLessonDay(lesson.lastReviewed)}. Found something out of date? Tell us through{" "}
          <Link to="/support" className="underline">
            Support
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
