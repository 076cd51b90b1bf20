import { Link } from "react-router";
import { pathInLocale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";
import { coursePageHref } from "./course-words";

/** The spec's not-found screen for a course id or page that does not exist (HTTP 404). */
export function CourseNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t("course.notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("course.notFound.text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link
          to={coursePageHref(1, t.locale)}
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          {t("course.notFound.firstPage")}
        </Link>
        <Link
          to={pathInLocale("/course", t.locale)}
          className="inline-flex h-11 items-center rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
        >
          {t("course.notFound.allCourses")}
        </Link>
      </div>
    </div>
  );
}
