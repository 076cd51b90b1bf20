import { SIGN_PAGES } from "~/checker/sign-pages";
import { coursePageHref } from "~/course/course-words";
import { pageInfo, spanishPageTitle } from "~/course/page-titles.server";
import type { Locale } from "~/i18n/locales";
import { listRedFlagPages } from "~/red-flags/red-flag-pages.server";
import { redFlagPagePath } from "~/red-flags/red-flag-paths";
import type { PageTitles } from "./check-answer";

/**
 * The titles of every page a warning sign can link to, by path, sent with the page: the check runs
 * in the browser, which has no copy of the red-flag pages or the course.
 */
export function checkPageTitles(locale: Locale = "en"): PageTitles {
  const titles: PageTitles = {};
  const redFlagTitles = new Map(listRedFlagPages().map((page) => [redFlagPagePath(page.slug), page.title]));
  for (const { learnMore, coursePage } of Object.values(SIGN_PAGES)) {
    const redFlagTitle = redFlagTitles.get(learnMore);
    if (redFlagTitle) titles[learnMore] = redFlagTitle;
    const page = Number(coursePage.split("/").pop());
    const courseTitle = pageInfo(page)?.title;
    if (courseTitle) titles[coursePage] = courseTitle;
    // A Spanish page links to the course's Spanish edition where the page is written in Spanish.
    const spanishTitle = locale === "es" ? spanishPageTitle(page) : undefined;
    if (spanishTitle) titles[coursePageHref(page, "es")] = spanishTitle;
  }
  return titles;
}
