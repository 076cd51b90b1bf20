import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Your Training Program's results, as the browser specs read them (one line per person, detail a tap away). */

/** One person's detail: figures since the start, chart, messages. */
export const results = (page: Page, name: string) => page.getByRole("region", { name: `Results for ${name}` });

/** One person's line at a glance: the summary of a disclosure whose detail is a tap away. */
export const resultsLine = (page: Page, name: string) =>
  page
    .getByTestId("person-results-line")
    .filter({ has: page.getByTestId("person-line-name").getByText(name, { exact: true }) });

/** Opens a person's detail by their line's own summary (the chart's table toggle is a second one inside). */
export async function openResults(page: Page, name: string) {
  await resultsLine(page, name).locator(":scope > summary").click();
  await expect(results(page, name)).toBeVisible();
}
