import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Common English words that Spanish text never holds, as whole words: "reportó" is Spanish (a
 * plain \b would end "report" at the "ó"). Names in English (a report's title, a
 * course page marked "(en inglés)") sit in elements with lang="en" and are left out of the scan,
 * and so do reply keywords written in capitals (STOP, SCAM).
 */
const ENGLISH_WORDS =
  /(?<!\p{L})(the|and|your|you|with|this|that|what|how|for|from|about|are|our|free|sign|home|training|course|check|scam|report|learn|more|start|join|get)(?!\p{L})/iu;

/** The page's visible words outside elements marked lang="en", one string per text node. */
async function visibleSpanishText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[lang="en"], script, style, noscript, [hidden], dialog:not([open])')) continue;
      const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
      if (!text || element.getClientRects().length === 0) continue;
      texts.push(text);
    }
    return texts;
  });
}

/** No common English word on the page's visible text, outside what is marked lang="en". */
export async function expectNoEnglish(page: Page) {
  // The brand's name and the share services' are names, not English.
  const english = (await visibleSpanishText(page))
    .map((text) =>
      text
        .replace(/scam-free|Facebook|LinkedIn|\S+@\S+|ReporteFraude\.ftc\.gov|ic3\.gov|RobodeIdentidad\.gov/gi, "")
        // A reply keyword is typed as it is shown, in capitals ("responda STOP", "ESTAFA o SCAM").
        .replace(/(?<!\p{L})\p{Lu}{2,}(?!\p{L})/gu, ""),
    )
    .filter((text) => ENGLISH_WORDS.test(text));
  expect(english).toEqual([]);
}
