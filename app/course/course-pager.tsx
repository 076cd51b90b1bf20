import { ChevronLeft, ChevronRight } from "lucide-react";
import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { nextPage, pagerWindow, previousPage } from "./course-map";
import { coursePageHref, isEnglishOnlyFor } from "./course-words";
import type { CourseTrack } from "./tracks/course-tracks";
import { withTrack } from "./tracks/track-form";

/**
 * Real links, so the URL is the state and back/forward work (plain anchors: the course page ships
 * no router to the browser, decision 039, and a router link costs more to render on every request). One row at every width: where the
 * column is narrow (a phone, or beside the sidebar on a small tablet) Previous and Next show only
 * their arrows (their names stay for screen readers) and the numbers are a little narrower, so the
 * row fits a 320 px screen. The widths are the pager's own (a container query), not the window's.
 */
export function CoursePager({ page, track = "adults" }: { page: number; track?: CourseTrack }) {
  const t = useT();
  // Links stay in the track the reader is reading (a shared Kids link leads on to Kids pages), and
  // in Spanish where the next page is written in Spanish.
  const coursePagePath = (number: number) => withTrack(coursePageHref(number, t.locale), track);
  const hrefLang = (number: number) => (isEnglishOnlyFor(number, t.locale) ? "en" : undefined);
  const previous = previousPage(page);
  const next = nextPage(page);
  const linkClass =
    "inline-flex h-10 min-w-9 flex-none items-center justify-center gap-1 rounded-lg px-1.5 font-semibold @lg:min-w-10 @lg:px-3";
  return (
    <div className="no-print @container mt-10 border-t border-slate-200 pt-6">
      <nav aria-label={t("course.pager")} className="flex items-center justify-between gap-2 @lg:gap-3">
        {previous !== null ? (
          <a
            href={coursePagePath(previous)}
            hrefLang={hrefLang(previous)}
            rel="prev"
            className={cn(linkClass, "text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50")}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only @lg:not-sr-only">{t("course.previous")}</span>
          </a>
        ) : (
          <span />
        )}
        <ol className="flex gap-1">
          {pagerWindow(page).map((number) => (
            <li key={number}>
              <a
                href={coursePagePath(number)}
                hrefLang={hrefLang(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={t("course.pageNumber", { page: number })}
                className={cn(
                  linkClass,
                  number === page ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50",
                )}
              >
                {number}
              </a>
            </li>
          ))}
        </ol>
        {next !== null ? (
          <a
            href={coursePagePath(next)}
            hrefLang={hrefLang(next)}
            rel="next"
            className={cn(linkClass, "bg-brand-700 text-white hover:bg-brand-800")}
          >
            <span className="sr-only @lg:not-sr-only">{t("course.next")}</span>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </a>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
