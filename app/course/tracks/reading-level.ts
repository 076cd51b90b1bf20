import readability from "text-readability";

/**
 * A course page's reading level, measured on the words a reader reads as the page's own: headings
 * and quoted scam messages (Markdown block quotes, which show the scam's words as the scammer wrote
 * them) are left out; the self-check's questions, options and explanations are read. The formula is
 * the library's (Flesch–Kincaid grade), not one written here.
 */
export type ReadingLevel = { grade: number; wordsPerSentence: number; words: number };

/** The page's prose as plain sentences, one per line, each ending with punctuation. */
export function readableTextOf(mdx: string): string {
  const body = mdx.replace(/^---\n[\s\S]*?\n---\n/, "");
  const selfCheckStrings: string[] = [];
  const withoutSelfCheck = body.replace(/<SelfCheck[\s\S]*?\/>/g, (block) => {
    for (const match of block.matchAll(/"((?:[^"\\]|\\.)*)"/g)) selfCheckStrings.push(match[1].replace(/\\"/g, '"'));
    return "";
  });
  const lines = [...withoutSelfCheck.split("\n"), ...selfCheckStrings]
    .filter((line) => !/^\s*#/.test(line)) // headings
    .filter((line) => !/^\s*>/.test(line)) // quoted scam messages
    .map((line) =>
      line
        .replace(/<[^>]*>/g, " ") // component tags (their titles are headings)
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // links keep their words
        .replace(/[*_`|]/g, "")
        .replace(/^\s*(?:[-+]|\d+\.)\s+/, "") // list markers
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => line.length > 0 && /[A-Za-z]/.test(line));
  // A list item or table cell without a full stop is still a sentence of its own.
  return lines.map((line) => (/[.!?:;'"’”)]$/.test(line) ? line : `${line}.`)).join("\n");
}

export function readingLevelOf(mdx: string): ReadingLevel {
  const text = readableTextOf(mdx);
  const words = readability.lexiconCount(text);
  return {
    grade: readability.fleschKincaidGrade(text),
    wordsPerSentence: words === 0 ? 0 : Math.round((words / readability.sentenceCount(text)) * 10) / 10,
    words,
  };
}
