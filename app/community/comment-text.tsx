/**
 * A visitor's comment as plain text. React escapes every character, so markup in a comment shows as
 * the characters typed and never runs. Only http and https addresses become links, and those are
 * marked as user content that search engines should not follow and that cannot reach back to us.
 */
const URL_IN_TEXT = /(https?:\/\/[^\s<>"'`]+)/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export function safeHttpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function CommentText({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <p className="mt-2 whitespace-pre-wrap break-words text-ink">
      {parts.map((part, index) => {
        // split() with a capture group puts the matches at the odd positions.
        if (index % 2 === 0) return part;
        const trailing = TRAILING_PUNCTUATION.exec(part)?.[0] ?? "";
        const address = trailing ? part.slice(0, -trailing.length) : part;
        const href = safeHttpUrl(address);
        if (!href) return part;
        return (
          <span key={index}>
            <a href={href} rel="nofollow ugc noopener" className="break-all text-brand-700 underline">
              {address}
            </a>
            {trailing}
          </span>
        );
      })}
    </p>
  );
}
