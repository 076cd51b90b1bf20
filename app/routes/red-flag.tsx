import { ArrowLeft, BookOpen } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/red-flag";
import { coursePagePath } from "~/course/course-map";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { renderRedFlagPage } from "~/red-flags/red-flag-pages.server";
import { RED_FLAGS_PATH, redFlagPagePath } from "~/red-flags/red-flag-paths";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";

/**
 * One kind of red flag, for anyone (/red-flags/:slug): where every "Learn more" after a practice
 * message leads, so the lesson that follows a practice scam never asks for an account. The course
 * page that teaches it in depth is linked at the end, for members. Rendered on the server from
 * content/red-flags/<slug>.md; the page works with no script, and hydrates only on a first
 * interaction like the legal pages (decision 021). The same page is /es/red-flags/:slug, from the
 * Spanish edition of the file (content/red-flags/es/<slug>.md).
 */
// Reading only: no script in the browser (decision 037).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return args.data
    ? pageMeta(args, {
        title: t("redFlag.metaTitle", { title: args.data.page.title }),
        description: args.data.page.summary,
        path: pathInLocale(redFlagPagePath(args.data.page.slug), locale),
      })
    : pageMeta(args, {
        title: t("notFound.metaTitle"),
        description: t("redFlag.notFoundDescription"),
        path: pathInLocale(RED_FLAGS_PATH, locale),
        noIndex: true,
      });
};

export function loader({ params, request }: Route.LoaderArgs) {
  const rendered = renderRedFlagPage(params.slug, localeOfPath(new URL(request.url).pathname));
  if (!rendered) throw data("No such red flag", { status: 404 });
  return rendered;
}

export default function RedFlagPage({ loaderData }: Route.ComponentProps) {
  const { page, html } = loaderData;
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16" aria-labelledby="red-flag-title">
      <p className="text-sm">
        <Link
          to={pathInLocale(RED_FLAGS_PATH, t.locale)}
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t("redFlag.all")}
        </Link>
      </p>
      <p className="mt-6 text-sm font-semibold tracking-wide text-warn-700 uppercase">{t("redFlag.kicker")}</p>
      <h1 id="red-flag-title" className="mt-1 text-3xl font-extrabold text-brand-900 sm:text-4xl">
        {page.title}
      </h1>
      <p className="mt-3 text-lg text-muted">{page.summary}</p>
      {/* Our own markdown, rendered on the server from files in this repository; nothing user-written. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      <aside aria-labelledby="in-the-course" className="mt-10 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-200">
        <h2 id="in-the-course" className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <BookOpen aria-hidden="true" className="h-5 w-5" /> {t("redFlag.deeper")}
        </h2>
        <p className="mt-2">
          {t.rich("redFlag.inCourse", {
            title: page.courseTitle,
            // The course is in English: its page titles are English on a Spanish page too.
            link: (chunks) => (
              <Link
                to={coursePagePath(page.coursePage)}
                lang="en"
                hrefLang="en"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
        <p className="mt-1 text-sm text-muted">{t("redFlag.courseFree")}</p>
      </aside>
    </article>
  );
}
