/** A stretch of a text: `text.slice(start, end)`. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * The paragraphs of a text as ranges: the text between blank lines (a line of only spaces or tabs
 * counts as blank; single line breaks stay inside a paragraph). Empty paragraphs are left out.
 * Pure, so the server and the browser cut a message the same way (the feedback page's red-flag
 * segments and the red-flag trainer's message layout both use it).
 */
export function paragraphRanges(text: string): TextRange[] {
  const ranges: TextRange[] = [];
  let start = 0;
  for (const gap of text.matchAll(/\n[ \t]*\n\s*/g)) {
    ranges.push({ start, end: gap.index });
    start = gap.index + gap[0].length;
  }
  ranges.push({ start, end: text.length });
  return ranges.filter((range) => range.end > range.start);
}
