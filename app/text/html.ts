/**
 * Text as HTML: the five characters that could end an attribute or start a tag become entities.
 * The one escape for HTML we build by hand (every email's body, a practice message's body and
 * footer); React escapes what it renders itself.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
