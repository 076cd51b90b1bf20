import { BookOpen, Clock, GraduationCap, Sparkles } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/course";
import { getSessionUser } from "~/account/session.server";
import { CATALOGUE, COURSE_ID, LESSONS } from "~/course/course-map";
import { coursePageHref, courseTrackAges, courseTrackLabel, isEnglishOnlyFor } from "~/course/course-words";
import { SPANISH_COURSE_PAGES } from "~/i18n/spanish-course-pages";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { getCourseProgress } from "~/course/progress.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { readTrackChoice, saveTrack, savedTrack, trackInAddress } from "~/course/tracks/track-choice.server";
import { withTrack } from "~/course/tracks/track-form";
import { TrackPicker } from "~/course/tracks/track-picker";

// A list of links to read: no script in the browser, signed in or not (decision 037).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

// /course and /es/course: the course's home in the address's language (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  const home = pathInLocale("/course", locale);
  return pageMeta(args, {
    title: t("courseHome.metaTitle"),
    description: t("courseHome.metaDescription", { pages: CATALOGUE[0].totalPages, lessons: LESSONS.length }),
    path: args.data ? withTrack(home, args.data.track) : home,
    canonical: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser({ request, context });
  const db = await getDatabase();
  const inAddress = trackInAddress(new URL(request.url));
  if (inAddress === "unknown") throw data("No such track", { status: 404 });
  const progress = user ? await getCourseProgress(db, user.id, COURSE_ID) : null;
  const track = inAddress === "none" ? await savedTrack(db, request, user?.id ?? null) : inAddress;
  return { signedIn: Boolean(user), progress, track };
}

/** "Reading as": kept in the account when signed in, and in a cookie for everyone. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser({ request, context });
  const track = await readTrackChoice(request);
  const cookie = await saveTrack(await getDatabase(), user?.id ?? null, track);
  const home = pathInLocale("/course", localeOfPath(new URL(request.url).pathname));
  throw redirect(withTrack(home, track), { status: 303, headers: { "Set-Cookie": cookie } });
}

/** "1–10 and 14–19": the Spanish course's pages as runs, in the page's words. */
function pageRuns(pages: readonly number[], t: Translate): string {
  const runs: [number, number][] = [];
  for (const page of pages) {
    const last = runs.at(-1);
    if (last && page === last[1] + 1) last[1] = page;
    else runs.push([page, page]);
  }
  return t.list(runs.map(([first, last]) => (first === last ? String(first) : `${first}–${last}`)));
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { progress, track } = loaderData;
  const t = useT();
  const course = CATALOGUE[0];
  const lastPage = progress?.lastPage;
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-extrabold text-brand-900">{t("courseHome.title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">{t("courseHome.lead")}</p>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <article
          aria-labelledby="course-card-title"
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex h-32 items-center justify-center rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 text-white">
            <GraduationCap aria-hidden="true" className="h-14 w-14" />
          </div>
          <h2 id="course-card-title" className="mt-5 text-2xl font-bold text-brand-900">
            {t("courseHome.courseTitle")}
          </h2>
          <p className="mt-2 flex-1 text-muted">{t("courseHome.courseDescription")}</p>
          {t.locale === "es" && (
            <p className="mt-2 text-sm text-ink" data-testid="spanish-pages">
              {t("courseHome.inSpanish", { pages: pageRuns(SPANISH_COURSE_PAGES, t) })}
            </p>
          )}
          <TrackPicker current={track} className="mt-4" />
          <p className="mt-2 text-sm text-muted" data-testid="track-hint">
            {t("courseHome.trackHint", { label: courseTrackLabel(t, track), ages: courseTrackAges(t, track) })}
          </p>
          <ul className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
            <li className="flex items-center gap-1">
              <Clock aria-hidden="true" className="h-4 w-4" /> {t("courseHome.lessons", { count: LESSONS.length })}
            </li>
            <li className="flex items-center gap-1">
              <Sparkles aria-hidden="true" className="h-4 w-4" /> {t("courseHome.level")}
            </li>
            <li className="flex items-center gap-1">
              <BookOpen aria-hidden="true" className="h-4 w-4" /> {t("courseHome.pages", { count: course.totalPages })}
            </li>
          </ul>
          {progress && progress.viewedPages.length > 0 && (
            <div className="mt-5">
              <p className="text-sm font-semibold">
                {t("courseHome.progress", {
                  percent: progress.percent,
                  completed: progress.completedLessons.length,
                  lessons: LESSONS.length,
                })}
              </p>
              <div
                role="progressbar"
                aria-label={t("course.progressLabel")}
                aria-valuenow={progress.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                className="mt-1 h-2 rounded-full bg-slate-200"
              >
                <div className="h-2 rounded-full bg-safe-600" style={{ width: `${progress.percent}%` }} />
              </div>
            </div>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={withTrack(coursePageHref(1, t.locale), track)}
              className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              {t("courseHome.start")}
            </Link>
            {lastPage && (
              <Link
                to={withTrack(coursePageHref(lastPage, t.locale), track)}
                {...(isEnglishOnlyFor(lastPage, t.locale) ? { hrefLang: "en" } : {})}
                className="inline-flex h-11 items-center rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
              >
                {t("courseHome.continue")}
                {isEnglishOnlyFor(lastPage, t.locale) && ` ${t("links.otherLanguage")}`}
              </Link>
            )}
          </div>
        </article>
        <aside
          aria-labelledby="coming-soon"
          className="flex flex-col justify-center rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50 p-8 text-center"
        >
          <h2 id="coming-soon" className="text-2xl font-bold text-brand-900">
            {t("courseHome.moreTitle")}
          </h2>
          <p className="mt-3 text-muted">{t("courseHome.moreText")}</p>
        </aside>
      </div>
    </section>
  );
}
