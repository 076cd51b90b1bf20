import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { practiceLibrary } from "~/training/library/practice-library.server";

/**
 * Every scenario's link (`/<its story's path>/<token>`, issue #36) reaches the practice landing
 * page, never another page of the site whose address happens to start the same way.
 */
const TOKEN = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3";

describe("the practice landing on a story's path", () => {
  // Flat (the site has no nested routes): each entry's path and file, named by its id.
  const config = routes.map((route) => ({ path: route.path, id: route.id ?? route.file, file: route.file }));

  it("is where every scenario's link leads", () => {
    for (const scenario of practiceLibrary().scenarios) {
      const matched = matchRoutes(config, `${scenario.landing.path}/${TOKEN}`)?.at(-1)?.route;
      expect((matched as { file?: string } | undefined)?.file, `${scenario.id}: ${scenario.landing.path}`).toBe(
        "routes/practice.tsx",
      );
    }
  });

  it("leaves the site's own pages where they are", () => {
    for (const [path, file] of [
      ["/account/training", "routes/account.training.tsx"],
      ["/red-flags/deadlines", "routes/red-flag.tsx"],
      ["/course/scam-free/3", "routes/course-page.tsx"],
      [`/practice/${TOKEN}/feedback`, "routes/practice.feedback.tsx"],
      [`/unsubscribe/${TOKEN}`, "routes/practice.stop.tsx"],
    ]) {
      expect((matchRoutes(config, path)?.at(-1)?.route as { file?: string } | undefined)?.file, path).toBe(file);
    }
  });
});
