import { describe, expect, it } from "vitest";
import {
  completedLessons,
  LESSONS,
  lessonForPage,
  MODULES,
  pagerWindow,
  parsePageNumber,
  TOTAL_PAGES,
} from "~/course/course-map";

describe("course map", () => {
  it("covers pages 1 to 43 with 11 lessons in 3 modules, without gaps", () => {
    expect(LESSONS).toHaveLength(11);
    expect(MODULES.map((m) => m.lessons)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11],
    ]);
    const pages = LESSONS.flatMap((l) =>
      Array.from({ length: l.lastPage - l.firstPage + 1 }, (_, i) => l.firstPage + i),
    );
    expect(pages).toEqual(Array.from({ length: TOTAL_PAGES }, (_, i) => i + 1));
    expect(lessonForPage(31).title).toBe("Stranger Danger");
    expect(lessonForPage(38).title).toBe("Get Practical");
  });

  it.each([
    [undefined, 1],
    ["1", 1],
    ["43", 43],
    ["44", null],
    ["0", null],
    ["abc", null],
    ["2.5", null],
    ["-1", null],
    ["0043", null],
    ["1e1", null],
  ])("parses page id %s as %s", (input, expected) => {
    expect(parsePageNumber(input)).toBe(expected);
  });

  it.each([
    [1, [1, 2, 3, 4, 5]],
    [2, [1, 2, 3, 4, 5]],
    [3, [1, 2, 3, 4, 5]],
    [10, [8, 9, 10, 11, 12]],
    [42, [39, 40, 41, 42, 43]],
    [43, [39, 40, 41, 42, 43]],
  ])("shows a window of five pages around page %i", (page, expected) => {
    expect(pagerWindow(page)).toEqual(expected);
  });

  it("marks a lesson complete only when all its pages were viewed", () => {
    expect(completedLessons([1, 2, 3])).toEqual([1]);
    expect(completedLessons([1, 2, 3, 4, 5, 6, 7, 43])).toEqual([1, 2, 11]);
  });
});
