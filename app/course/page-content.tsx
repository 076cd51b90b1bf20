import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type MdxModule = { default: ComponentType<{ components?: Record<string, ComponentType<never>> }> };

/** Each page is its own chunk: the viewer downloads only the page being read. */
const modules = import.meta.glob<MdxModule>("../../content/course/scam-free/*.mdx");

const byPage = new Map<number, () => Promise<MdxModule>>();
for (const [path, load] of Object.entries(modules)) {
  const match = /\/(\d{2})-[^/]+\.mdx$/.exec(path);
  if (match) byPage.set(Number(match[1]), load);
}

const cache = new Map<number, LazyExoticComponent<MdxModule["default"]>>();

/** The page's content component, or null when no file was written for it. */
export function pageContent(page: number) {
  const load = byPage.get(page);
  if (!load) return null;
  let component = cache.get(page);
  if (!component) {
    component = lazy(load);
    cache.set(page, component);
  }
  return component;
}
