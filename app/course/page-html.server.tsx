import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "~/i18n/locales";
import { ContentLocale } from "~/i18n/use-translation";
import { mdxComponents } from "./mdx-components";
import { hasSpanishCoursePage } from "~/i18n/spanish-course-pages";
import { isCourseTrack, type CourseTrack } from "./tracks/course-tracks";
import { withTrack } from "./tracks/track-form";

type MdxModule = {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter?: Record<string, unknown>;
};

/**
 * Course pages' text as HTML, rendered once per page and track and kept. The text is the same for
 * every reader of a track and the page ships no React to the browser (decision 039), so rendering
 * the MDX again on each request (most of a signed-in page's cost) bought nothing. Each file is
 * loaded on its first request, and being server-only the pages never become public JavaScript
 * chunks. The Adults track is content/course/scam-free/; the others content/course/tracks/<track>/;
 * the Spanish edition's pages (issue #39) content/course/es/<track>/, every track in its own folder.
 */
const adultModules = import.meta.glob<MdxModule>("../../content/course/scam-free/*.mdx");
const trackModules = import.meta.glob<MdxModule>("../../content/course/tracks/*/*.mdx");
const spanishModules = import.meta.glob<MdxModule>("../../content/course/es/*/*.mdx");

const loaders = new Map<string, () => Promise<MdxModule>>();
for (const [file, load] of Object.entries(adultModules)) {
  const match = /\/(\d{2})-[^/]+\.mdx$/.exec(file);
  if (match) loaders.set(`adults/${Number(match[1])}`, load);
}
for (const [file, load] of Object.entries(trackModules)) {
  const match = /\/tracks\/([a-z-]+)\/(\d{2})-[^/]+\.mdx$/.exec(file);
  if (match && isCourseTrack(match[1])) loaders.set(`${match[1]}/${Number(match[2])}`, load);
}
for (const [file, load] of Object.entries(spanishModules)) {
  const match = /\/es\/([a-z-]+)\/(\d{2})-[^/]+\.mdx$/.exec(file);
  if (match && isCourseTrack(match[1])) loaders.set(`es/${match[1]}/${Number(match[2])}`, load);
}

export interface CoursePageText {
  html: string;
  /** The track's own title for the page (a Kids page may have simpler words). */
  title: string | null;
  description: string | null;
  /** Not for this track's readers: the page offered instead (a Kids page on credit freezes). */
  elsewhere: number | null;
}

const rendered = new Map<string, Promise<CoursePageText>>();

/** The page's text in a track and language as HTML, or null when no file was written for it. */
export function coursePageText(
  page: number,
  track: CourseTrack,
  locale: Locale = "en",
): Promise<CoursePageText | null> {
  const key = locale === "es" ? `es/${track}/${page}` : `${track}/${page}`;
  const load = loaders.get(key);
  if (!load) return Promise.resolve(null);
  let text = rendered.get(key);
  if (!text) {
    text = load().then(({ default: Content, frontmatter = {} }) => ({
      // Its own id prefix, so the self-check's ids never meet those of the page around it.
      html: keepTrackInLinks(
        renderToStaticMarkup(
          // The boxes' headings ("Señales de alerta") in the page's language.
          <ContentLocale.Provider value={locale}>
            <Content components={mdxComponents} />
          </ContentLocale.Provider>,
          { identifierPrefix: `page${page}-${track}-${locale === "es" ? "es-" : ""}` },
        ),
        track,
        locale,
      ),
      title: typeof frontmatter.title === "string" ? frontmatter.title : null,
      description: typeof frontmatter.description === "string" ? frontmatter.description : null,
      elsewhere: typeof frontmatter.elsewhere === "number" ? frontmatter.elsewhere : null,
    }));
    // A failed load is tried again by the next reader rather than kept.
    text.catch(() => rendered.delete(key));
    rendered.set(key, text);
  }
  return text;
}

/**
 * A track's page links to other course pages in the same track (a shared Kids link stays Kids). A
 * link to a page only in English says so to the browser too (hreflang), as the text does.
 */
function keepTrackInLinks(html: string, track: CourseTrack, locale: Locale): string {
  return html.replace(/href="(\/(?:es\/)?course\/scam-free\/(\d+))"/g, (_, path: string, page: string) => {
    const english = locale === "es" && !path.startsWith("/es/") && !hasSpanishCoursePage(Number(page));
    return `href="${withTrack(path, track)}"${english ? ' hreflang="en"' : ""}`;
  });
}
