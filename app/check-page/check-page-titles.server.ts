import { SIGN_PAGES } from "~/checker/sign-pages";
import { pageInfo } from "~/course/page-titles.server";
import { listRedFlagPages } from "~/red-flags/red-flag-pages.server";
import { redFlagPagePath } from "~/red-flags/red-flag-paths";
import type { PageTitles } from "./check-answer";

/**
 * The titles of every page a warning sign can link to, by path, sent with the page: the check runs
 * in the browser, which has no copy of the red-flag pages or the course.
 */
export function checkPageTitles(): PageTitles {
  const titles: PageTitles = {};
  const redFlagTitles = new Map(listRedFlagPages().map((page) => [redFlagPagePath(page.slug), page.title]));
  for (const { learnMore, coursePage } of Object.values(SIGN_PAGES)) {
    const redFlagTitle = redFlagTitles.get(learnMore);
    if (redFlagTitle) titles[learnMore] = redFlagTitle;
    const courseTitle = pageInfo(Number(coursePage.split("/").pop()))?.title;
    if (courseTitle) titles[coursePage] = courseTitle;
  }
  return titles;
}
