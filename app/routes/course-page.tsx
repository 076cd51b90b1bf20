import { FileText, Printer } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/course-page";
import { requireUser } from "~/account/session.server";
import { COURSE_ID, coursePagePath, lessonForPage, parsePageNumber, TOTAL_PAGES } from "~/course/course-map";
import { CourseNotFound } from "~/course/course-not-found";
import { CoursePager } from "~/course/course-pager";
import { CourseSidebar } from "~/course/course-sidebar";
import { coursePageText } from "~/course/page-html.server";
import type { CourseTrack } from "~/course/tracks/course-tracks";
import { courseLessonTitle, coursePageHref, courseTrackLabel, isEnglishOnlyFor } from "~/course/course-words";
import { hasSpanishCoursePage } from "~/i18n/spanish-course-pages";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { readTrackChoice, saveTrack, savedTrack, trackInAddress } from "~/course/tracks/track-choice.server";
import { withTrack } from "~/course/tracks/track-form";
import { TrackPicker } from "~/course/tracks/track-picker";
import { cn } from "~/ui/cn";
import { allPageInfo, pageInfo, spanishPageTitle } from "~/course/page-titles.server";
import { getCourseProgress, recordPageView } from "~/course/progress.server";
import { getDatabase } from "~/db/database.server";
import { CoursePageScript } from "~/course/course-page-script";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { pageMeta } from "~/seo/meta";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Signed-in only, checked before anything else; the visitor comes back here after login.
  const user = await requireUser({ request, context });

  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);

  // /course/{page} is a short link to /course/scam-free/{page}.
  if (params.pageId === undefined && /^\d+$/.test(params.courseId)) {
    const page = parsePageNumber(params.courseId);
    if (page === null) throw data("No such page", { status: 404 });
    throw redirect(coursePageHref(page, locale));
  }
  if (params.courseId !== COURSE_ID) throw data("No such course", { status: 404 });
  const page = parsePageNumber(params.pageId);
  if (page === null) throw data("No such page", { status: 404 });
  // A page not written in Spanish is read in English, at its English address (issue #39).
  if (locale === "es" && !hasSpanishCoursePage(page)) throw redirect(`${coursePagePath(page)}${url.search}`);

  // The track in the address (a shared link) first, then the reader's own choice (issue #37).
  const inAddress = trackInAddress(url);
  if (inAddress === "unknown") throw data("No such track", { status: 404 });
  const db = await getDatabase();
  const track = inAddress === "none" ? await savedTrack(db, request, user.id) : inAddress;
  await recordPageView(db, user.id, COURSE_ID, page);
  const [progress, text] = await Promise.all([
    getCourseProgress(db, user.id, COURSE_ID),
    // A page not yet written for a track is read in the Adults track's words.
    coursePageText(page, track, locale).then((own) => own ?? coursePageText(page, "adults", locale)),
  ]);
  const info = pageInfo(page);
  const lesson = lessonForPage(page);
  const t = translatorFor(locale);
  // A Spanish reader's sidebar names each page in Spanish where it is written, else in English (marked so there).
  const titleOf = (p: number, english: string) => (locale === "es" ? (spanishPageTitle(p) ?? english) : english);
  return {
    page,
    track,
    title: text?.title ?? info?.title ?? t("course.pageFallbackTitle", { page }),
    description: text?.description ?? info?.description ?? "",
    elsewhere: text?.elsewhere
      ? { page: text.elsewhere, title: titleOf(text.elsewhere, pageInfo(text.elsewhere)?.title ?? "") }
      : null,
    lesson: { number: lesson.number, module: lesson.module },
    titles: Object.fromEntries(allPageInfo().map((p) => [p.page, titleOf(p.page, p.title)])) as Record<number, string>,
    progress,
    html: text?.html ?? null,
  };
}

/** "Reading as": keeps the reader's track (their account and a cookie) and opens the page in it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
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

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(localeOfPath(args.location.pathname));
  return args.data
    ? pageMeta(args, {
        title: t("course.metaTitle", { title: args.data.title, lesson: args.data.lesson.number }),
        description: args.data.description || t("course.metaDescription"),
        // Each track's page has its own address, so a teacher can share the Kids page.
        path: withTrack(coursePageHref(args.data.page, t.locale), args.data.track),
        canonical: true,
        // Only a signed-in member ever gets this page (a crawler is sent to sign in, which is
        // noindex), so it needs no noindex of its own (decision 040).
      })
    : pageMeta(args, {
        title: t("course.notFound.title"),
        description: t("course.notFound.text"),
        path: pathInLocale("/course", t.locale),
        noIndex: true,
      });
};

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { page, track, title, lesson, titles, progress, html, elsewhere } = loaderData;
  const t = useT();
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
            {t("course.moduleLesson", {
              module: lesson.module,
              lesson: lesson.number,
              title: courseLessonTitle(t, lesson.number),
            })}
          </p>
          <p className="font-semibold">{t("course.pageOf", { page, total: TOTAL_PAGES })}</p>
        </div>
        <h1 id="course-page-title" className="mt-2 text-3xl font-extrabold text-brand-900 md:text-4xl">
          {title}
        </h1>
        <TrackPicker current={track} className="mt-4" />
        <nav aria-label={t("course.resources")} className="no-print mt-4 flex flex-wrap gap-3 text-sm">
          {/* The printable resources are in English: a Spanish page says so (hreflang and the words). */}
          <a
            href="/course/resources/activities"
            hrefLang={t.locale === "es" ? "en" : undefined}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileText aria-hidden="true" className="h-4 w-4" /> {t("course.activities")}
          </a>
          <a
            href="/course/resources/quizzes"
            hrefLang={t.locale === "es" ? "en" : undefined}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileText aria-hidden="true" className="h-4 w-4" /> {t("course.quizzes")}
          </a>
          <button
            type="button"
            data-print-page
            hidden
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <Printer aria-hidden="true" className="h-4 w-4" /> {t("course.print")}
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
            <p>{t("course.comingSoon", { page })}</p>
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
  const t = useT();
  return (
    <div className="mt-6 rounded-2xl bg-brand-50 p-6" data-testid="course-content" data-track={track}>
      {html && <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />}
      <p className="mt-4 font-semibold">
        <a
          href={withTrack(coursePageHref(elsewhere.page, t.locale), track)}
          hrefLang={isEnglishOnlyFor(elsewhere.page, t.locale) ? "en" : undefined}
          className="text-brand-700 underline"
        >
          {t.rich("course.readInstead", {
            page: elsewhere.page,
            title: isEnglishOnlyFor(elsewhere.page, t.locale) ? (
              <span lang="en">{elsewhere.title}</span>
            ) : (
              elsewhere.title
            ),
          })}
        </a>
        {isEnglishOnlyFor(elsewhere.page, t.locale) && <> {t("links.otherLanguage")}</>}
      </p>
      <p className="mt-2 text-sm text-muted">{t("course.elsewhereNote", { track: courseTrackLabel(t, track) })}</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <CourseNotFound />;
  throw error;
}
