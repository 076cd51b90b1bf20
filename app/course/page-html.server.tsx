import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mdxComponents } from "./mdx-components";

type MdxModule = { default: ComponentType<{ components?: Record<string, ComponentType<never>> }> };

/**
 * Course pages' text as HTML, rendered once per page and kept. The text is the same for every
 * reader and the page ships no React to the browser (decision 039), so rendering the MDX again on
 * each request (most of a signed-in page's cost) bought nothing. Each file is loaded on its first
 * request, and being server-only the pages never become public JavaScript chunks.
 */
const modules = import.meta.glob<MdxModule>("../../content/course/scam-free/*.mdx");

const loaders = new Map<number, () => Promise<MdxModule>>();
for (const [file, load] of Object.entries(modules)) {
  const match = /\/(\d{2})-[^/]+\.mdx$/.exec(file);
  if (match) loaders.set(Number(match[1]), load);
}

const rendered = new Map<number, Promise<string>>();

/** The page's text as HTML, or null when no file was written for it. */
export function coursePageHtml(page: number): Promise<string | null> {
  const load = loaders.get(page);
  if (!load) return Promise.resolve(null);
  let html = rendered.get(page);
  if (!html) {
    html = load().then(({ default: Content }) =>
      // Its own id prefix, so the self-check's ids never meet those of the page around it.
      renderToStaticMarkup(<Content components={mdxComponents} />, { identifierPrefix: `page${page}-` }),
    );
    // A failed load is tried again by the next reader rather than kept.
    html.catch(() => rendered.delete(page));
    rendered.set(page, html);
  }
  return html;
}
