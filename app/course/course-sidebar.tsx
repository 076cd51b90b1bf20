import { CheckCircle2, ListTree } from "lucide-react";
import { useT } from "~/i18n/use-translation";
import type { Translate } from "~/i18n/translate";
import { cn } from "~/ui/cn";
import { LESSONS, MODULES } from "./course-map";
import { courseLessonTitle, courseModuleTitle, coursePageHref, isEnglishOnlyFor } from "./course-words";
import type { CourseTrack } from "./tracks/course-tracks";
import { withTrack } from "./tracks/track-form";

interface Props {
  currentPage: number;
  titles: Record<number, string>;
  viewedPages: number[];
  completedLessons: number[];
  percent: number;
  /** The track being read: its links stay in it. */
  track?: CourseTrack;
}

/**
 * The course map: modules, the 11 lessons with their pages, and every page. Its 46 links are
 * plain anchors: the course page ships no router to the browser (decision 039), and a router link
 * costs more to render on every request.
 */
export function CourseSidebar({
  currentPage,
  titles,
  viewedPages,
  completedLessons,
  percent,
  track = "adults",
}: Props) {
  const t = useT();
  const viewed = new Set(viewedPages);
  const done = new Set(completedLessons);

  return (
    // On a phone the map folds away behind "Course contents" (the platform's own disclosure: no
    // script, and a new page starts folded); from md up it is always shown, the summary hidden.
    <details className="no-print md:w-80 md:flex-none md:[&::details-content]:[content-visibility:visible]">
      <summary className="flex w-full cursor-pointer list-none items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-3 font-semibold text-brand-800 md:hidden [&::-webkit-details-marker]:hidden">
        <ListTree aria-hidden="true" className="h-5 w-5" /> {t("course.contents")}
      </summary>
      <nav
        id="course-contents"
        aria-label={t("course.contents")}
        className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 md:sticky md:top-20 md:mt-0 md:block md:max-h-[calc(100vh-6rem)] md:overflow-y-auto"
      >
        <div className="mb-4">
          <p className="text-sm font-semibold">{t("course.progress", { percent })}</p>
          <div
            role="progressbar"
            aria-label={t("course.progressLabel")}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-1 h-2 rounded-full bg-slate-200"
          >
            <div className="h-2 rounded-full bg-safe-600" style={{ width: `${percent}%` }} />
          </div>
        </div>
        {MODULES.map((module) => (
          <section key={module.number} className="mb-4">
            <h2 className="text-xs font-bold tracking-wide text-muted uppercase">
              {t("course.module", { number: module.number, title: courseModuleTitle(t, module.number) })}
            </h2>
            <ol className="mt-2 space-y-3">
              {LESSONS.filter((lesson) => lesson.module === module.number).map((lesson) => {
                const range = pagesInWords(lesson.pages, t);
                return (
                  <li key={lesson.number}>
                    <p className="flex items-center gap-1 text-sm font-bold text-brand-900">
                      {t("course.lesson", { number: lesson.number, title: courseLessonTitle(t, lesson.number) })}
                      {done.has(lesson.number) && (
                        <CheckCircle2 aria-label={t("course.completed")} className="h-4 w-4 text-safe-600" />
                      )}
                    </p>
                    <p className="text-xs text-muted">{range}</p>
                    <ol className="mt-1 space-y-0.5 border-l border-slate-200 pl-2">
                      {lesson.pages.map((page) => (
                        <li key={page}>
                          <a
                            href={withTrack(coursePageHref(page, t.locale), track)}
                            hrefLang={isEnglishOnlyFor(page, t.locale) ? "en" : undefined}
                            aria-current={page === currentPage ? "page" : undefined}
                            className={cn(
                              "flex items-start gap-2 rounded-md px-2 py-1 text-sm hover:bg-brand-50",
                              page === currentPage ? "bg-brand-100 font-semibold text-brand-900" : "text-ink",
                            )}
                          >
                            <span className="w-5 flex-none text-right text-muted">{page}</span>
                            <span className="flex-1">
                              {isEnglishOnlyFor(page, t.locale) ? (
                                // A page written only in English: its English title, marked for the browser and in words.
                                <>
                                  <span lang="en">{titles[page] ?? t("course.pageFallbackTitle", { page })}</span>{" "}
                                  {t("links.otherLanguage")}
                                </>
                              ) : (
                                (titles[page] ?? t("course.pageFallbackTitle", { page }))
                              )}
                            </span>
                            {viewed.has(page) && page !== currentPage && (
                              <CheckCircle2
                                aria-label={t("course.viewed")}
                                className="mt-0.5 h-4 w-4 flex-none text-safe-600"
                              />
                            )}
                          </a>
                        </li>
                      ))}
                    </ol>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </nav>
    </details>
  );
}

/** "Page 1", "Pages 2-7", "Pages 14-19, 44-46": a lesson's pages as runs of numbers. */
export function pagesInWords(pages: readonly number[], t: Translate): string {
  const runs: [number, number][] = [];
  for (const page of pages) {
    const last = runs.at(-1);
    if (last && page === last[1] + 1) last[1] = page;
    else runs.push([page, page]);
  }
  const words = runs.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(", ");
  return t("course.pageRange", { count: pages.length, pages: words });
}
