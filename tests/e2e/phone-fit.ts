import { expect, type Page } from "@playwright/test";

/**
 * What a phone reader would see as broken: the page scrolling sideways, or words cut off. Every
 * visible piece of text is measured (its line boxes, through a DOM Range) against the screen, any
 * box that hides what overflows it (overflow hidden or clip, which also cuts `text-overflow:
 * ellipsis` text) and the button, link or label it belongs to. Text inside a box the reader can
 * scroll (overflow auto or scroll, such as a wide table's frame) is not "cut": it is reachable.
 * Screen-reader-only text is clipped on purpose and skipped.
 */
export async function expectFitsPhone(page: Page, screen: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) found.push(`the page scrolls sideways: ${root.scrollWidth} px in ${width} px`);

    const scrollsInside = (element: Element) => {
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (overflowX === "auto" || overflowX === "scroll") return true;
      }
      return false;
    };
    const clippingBoxes = (element: Element) => {
      const boxes: { box: Element; x: boolean; y: boolean }[] = [];
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const x = style.overflowX === "hidden" || style.overflowX === "clip";
        const y = style.overflowY === "hidden" || style.overflowY === "clip";
        if (x || y) boxes.push({ box, x, y });
      }
      return boxes;
    };
    const describe = (text: string) => JSON.stringify(text.replace(/\s+/g, " ").trim().slice(0, 50));

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const element = node.parentElement;
      if (!text.trim() || !element) continue;
      if (element.closest(".sr-only, script, style, noscript, template, title")) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) continue;
      const inScroller = scrollsInside(element);
      const clips = clippingBoxes(element);
      const control = element.closest("button, a, label, summary, [role=button]");
      const controlBox = control?.getBoundingClientRect();
      for (const rect of rects) {
        if (!inScroller && (rect.right > width + 1 || rect.left < -1)) {
          found.push(`${describe(text)} runs off the screen (${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
          break;
        }
        const cut = clips.find(({ box, x, y }) => {
          const frame = box.getBoundingClientRect();
          return (
            (x && (rect.left < frame.left - 1 || rect.right > frame.right + 1)) ||
            (y && (rect.top < frame.top - 1 || rect.bottom > frame.bottom + 1))
          );
        });
        if (cut) {
          found.push(
            `${describe(text)} is cut off by <${cut.box.tagName.toLowerCase()} class="${cut.box.getAttribute("class") ?? ""}">`,
          );
          break;
        }
        if (
          controlBox &&
          (rect.left < controlBox.left - 1 ||
            rect.right > controlBox.right + 1 ||
            rect.top < controlBox.top - 1 ||
            rect.bottom > controlBox.bottom + 1)
        ) {
          found.push(`${describe(text)} spills out of its <${control!.tagName.toLowerCase()}>`);
          break;
        }
      }
    }
    return found;
  });
  expect(problems, `${screen} at ${page.viewportSize()?.width} px`).toEqual([]);
}
