import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/weekly-lesson";
import { requireUser } from "~/account/session.server";
import { hasActiveMembership } from "~/billing/subscription.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { renderWeeklyLesson } from "~/weekly/weekly-lessons.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.lesson.title ?? "Weekly lesson",
    description: args.data?.lesson.summary ?? "A weekly lesson for Training Program members.",
    path: `/weekly-lessons/${args.params.slug}`,
    noIndex: true,
  });

/** One lesson, for members only. Others go back to the Weekly Lessons page, which explains why. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!(await hasActiveMembership(await getDatabase(), user.id))) throw redirect("/weekly-lessons");
  const rendered = /^[a-z0-9-]{1,120}$/.test(params.slug) ? renderWeeklyLesson(params.slug) : null;
  if (!rendered) throw data("Lesson not found", { status: 404 });
  return rendered;
}

export default function WeeklyLesson({ loaderData }: Route.ComponentProps) {
  const { lesson, html } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/weekly-lessons" className="text-sm font-semibold text-brand-700 underline">
        All weekly lessons
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{lesson.title}</h1>
      <p className="mt-2 text-muted">{lesson.readingMinutes} min read</p>
      {/* Our own MDX, rendered on the server from files in this repository; nothing user-written. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
