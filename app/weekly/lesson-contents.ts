/**
 * The contents list at the top of a weekly lesson. Lessons run long on a phone (the part for
 * children can be thousands of pixels down), so every section heading gets an anchor and the
 * lesson opens with links to them. Works on the lesson's server-rendered HTML: our own MDX, so
 * the headings' markup is React's and predictable.
 */

export interface LessonContentsEntry {
  id: string;
  title: string;
}

const HEADING = /<h2([^>]*)>([\s\S]*?)<\/h2>/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function headingSlug(title: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "section"
  );
}

/** Gives every h2 an id (keeping one it already has) and lists them in order. */
export function addLessonContents(html: string): { html: string; contents: LessonContentsEntry[] } {
  const contents: LessonContentsEntry[] = [];
  const used = new Set<string>();
  const withAnchors = html.replace(HEADING, (_whole, attributes: string, inner: string) => {
    const title = decodeEntities(inner.replace(/<[^>]*>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
    const existing = /\sid="([^"]+)"/.exec(attributes)?.[1];
    let id = existing ?? headingSlug(title);
    for (let n = 2; !existing && used.has(id); n++) id = `${headingSlug(title)}-${n}`;
    used.add(id);
    contents.push({ id, title });
    const attributesWithId = existing ? attributes : `${attributes} id="${id}"`;
    return `<h2${attributesWithId}>${inner}</h2>`;
  });
  return { html: withAnchors, contents };
}
