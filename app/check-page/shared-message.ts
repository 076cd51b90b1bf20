/**
 * A message handed to /check by the phone's share sheet (the web app manifest's share target opens
 * `/check?title=…&text=…&url=…`) or by an iPhone Shortcut (`/check?text=…`). Read in the browser
 * only: the server never reads these parameters, so the message is not rendered, cached or logged.
 */

/** The query parameters a share may carry; the manifest's share_target names the same three. */
const SHARE_PARAMS = ["title", "text", "url"] as const;

/** The form's fields a share fills: the message itself, and the link for "Where its links really go". */
export interface SharedMessage {
  text: string;
  links?: string;
}

function param(search: URLSearchParams, name: string): string {
  return (search.get(name) ?? "").trim();
}

/**
 * The form fields for a share, or null when the address carries none. The title comes first (an
 * email's subject, often), then the text, each only once (some apps repeat the title inside the
 * text). A shared link goes to the links field, and into the message too when the text does not
 * already hold it, since the checker reads links where they appear in the message.
 */
export function sharedMessageFrom(search: URLSearchParams | string): SharedMessage | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const title = param(params, "title");
  const text = param(params, "text");
  const url = param(params, "url");
  if (!title && !text && !url) return null;
  const parts: string[] = [];
  if (title && !text.includes(title)) parts.push(title);
  if (text) parts.push(text);
  if (url && !parts.some((part) => part.includes(url))) parts.push(url);
  return url ? { text: parts.join("\n"), links: url } : { text: parts.join("\n") };
}

/** Whether the address names any share parameter, so it can be taken out of the address bar. */
export function hasShareParams(search: URLSearchParams | string): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return SHARE_PARAMS.some((name) => params.has(name));
}
