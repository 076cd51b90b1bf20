import { FileText, Printer } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/course-page";
import { requireUser } from "~/account/session.server";
import { COURSE_ID, coursePagePath, lessonForPage, parsePageNumber, TOTAL_PAGES } from "~/course/course-map";
import { CourseNotFound } from "~/course/course-not-found";
import { CoursePager } from "~/course/course-pager";
import { CourseSidebar } from "~/course/course-sidebar";
import { coursePageText } from "~/course/page-html.server";
import { COURSE_TRACK_LABELS, type CourseTrack } from "~/course/tracks/course-tracks";
import { readTrackChoice, saveTrack, savedTrack, trackInAddress } from "~/course/tracks/track-choice.server";
import { withTrack } from "~/course/tracks/track-form";
import { TrackPicker } from "~/course/tracks/track-picker";
import { cn } from "~/ui/cn";
import { allPageInfo, pageInfo } from "~/course/page-titles.server";
import { getCourseProgress, recordPageView } from "~/course/progress.server";
import { getDatabase } from "~/db/database.server";
import { CoursePageScript } from "~/course/course-page-script";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { pageMeta } from "~/seo/meta";

export async function loader({ request, params }: Route.LoaderArgs) {
  // Signed-in only, checked before anything else; the visitor comes back here after login.
  const user = await requireUser(request);

  // /course/{page} is a short link to /course/scam-free/{page}.
  if (params.pageId === undefined && /^\d+$/.test(params.courseId)) {
    const page = parsePageNumber(params.courseId);
    if (page === null) throw data("No such page", { status: 404 });
    throw redirect(coursePagePath(page));
  }
  if (params.courseId !== COURSE_ID) throw data("No such course", { status: 404 });
  const page = parsePageNumber(params.pageId);
  if (page === null) throw data("No such page", { status: 404 });

  // The track in the address (a shared link) first, then the reader's own choice (issue #37).
  const inAddress = trackInAddress(new URL(request.url));
  if (inAddress === "unknown") throw data("No such track", { status: 404 });
  const db = await getDatabase();
  const track = inAddress === "none" ? await savedTrack(db, request, user.id) : inAddress;
  await recordPageView(db, user.id, COURSE_ID, page);
  const [progress, text] = await Promise.all([
    getCourseProgress(db, user.id, COURSE_ID),
    // A page not yet written for a track is read in the Adults track's words.
    coursePageText(page, track).then((own) => own ?? coursePageText(page, "adults")),
  ]);
  const info = pageInfo(page);
  const lesson = lessonForPage(page);
  return {
    page,
    track,
    title: text?.title ?? info?.title ?? `Page ${page}`,
    description: text?.description ?? info?.description ?? "",
    elsewhere: text?.elsewhere ? { page: text.elsewhere, title: pageInfo(text.elsewhere)?.title ?? "" } : null,
    lesson,
    titles: Object.fromEntries(allPageInfo().map((p) => [p.page, p.title])) as Record<number, string>,
    progress,
    html: text?.html ?? null,
  };
}

/** "Reading as": keeps the reader's track (their account and a cookie) and opens the page in it. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const track = await readTrackChoice(request);
  const cookie = await saveTrack(await getDatabase(), user.id, track);
  throw redirect(withTrack(new URL(request.url).pathname, track), {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

// Reading, with a self-check whose feedback is CSS and a small inline script for its total and for
// printing: no React in the browser (decision 039).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, {
        title: `${args.data.title} · Lesson ${args.data.lesson.number}`,
        description: args.data.description || "A page of the free scam-free course.",
        // Each track's page has its own address, so a teacher can share the Kids page.
        path: withTrack(coursePagePath(args.data.page), args.data.track),
        canonical: true,
        // Only a signed-in member ever gets this page (a crawler is sent to sign in, which is
        // noindex), so it needs no noindex of its own (decision 040).
      })
    : pageMeta(args, {
        title: "Page not found",
        description: "This course page does not exist.",
        path: "/course",
        noIndex: true,
      });

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { page, track, title, lesson, titles, progress, html, elsewhere } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 md:flex-row">
      <CourseSidebar
        currentPage={page}
        track={track}
        titles={titles}
        viewedPages={progress.viewedPages}
        completedLessons={progress.completedLessons}
        percent={progress.percent}
      />
      <article className="print-full min-w-0 flex-1" aria-labelledby="course-page-title">
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
          <p>
            Module {lesson.module} · Lesson {lesson.number}: {lesson.title}
          </p>
          <p className="font-semibold">
            Page {page} of {TOTAL_PAGES}
          </p>
        </div>
        <h1 id="course-page-title" className="mt-2 text-3xl font-extrabold text-brand-900 md:text-4xl">
          {title}
        </h1>
        <TrackPicker current={track} className="mt-4" />
        <nav aria-label="Course resources" className="no-print mt-4 flex flex-wrap gap-3 text-sm">
          <a
            href="/course/resources/activities"
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileText aria-hidden="true" className="h-4 w-4" /> Activities
          </a>
          <a
            href="/course/resources/quizzes"
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileText aria-hidden="true" className="h-4 w-4" /> Quizzes
          </a>
          <button
            type="button"
            data-print-page
            hidden
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <Printer aria-hidden="true" className="h-4 w-4" /> Print this page
          </button>
        </nav>
        {elsewhere ? (
          <ElsewhereNote track={track} html={html} elsewhere={elsewhere} />
        ) : html !== null ? (
          <div
            className={cn("prose-content mt-6", track === "older-adults" && "older-adults-text")}
            data-testid="course-content"
            data-track={track}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <div className="prose-content mt-6" data-testid="course-content">
            <p>Page {page} content coming soon!</p>
          </div>
        )}
        <CoursePager page={page} track={track} />
        <CoursePageScript />
      </article>
    </div>
  );
}

/** A page whose subject is not for this track's readers: a kind sentence, and the page that is. */
function ElsewhereNote({
  track,
  html,
  elsewhere,
}: {
  track: CourseTrack;
  html: string | null;
  elsewhere: { page: number; title: string };
}) {
  return (
    <div className="mt-6 rounded-2xl bg-brand-50 p-6" data-testid="course-content" data-track={track}>
      {html && <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />}
      <p className="mt-4 font-semibold">
        <a href={withTrack(coursePagePath(elsewhere.page), track)} className="text-brand-700 underline">
          Read page {elsewhere.page} instead: {elsewhere.title}
        </a>
      </p>
      <p className="mt-2 text-sm text-muted">
        This page is written for other readers. You are reading the {COURSE_TRACK_LABELS[track]} track; the picker above
        changes it.
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <CourseNotFound />;
  throw error;
}
