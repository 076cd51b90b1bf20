import { describe, expect, it } from "vitest";
import {
  completedLessons,
  LESSONS,
  lessonForPage,
  MODULES,
  nextPage,
  pagerWindow,
  parsePageNumber,
  previousPage,
  READING_ORDER,
  TOTAL_PAGES,
} from "~/course/course-map";

describe("course map", () => {
  it("covers pages 1 to 46 with 11 lessons in 3 modules, without gaps; 44–46 are read after 19", () => {
    expect(LESSONS).toHaveLength(11);
    expect(MODULES.map((m) => m.lessons)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11],
    ]);
    const pages = LESSONS.flatMap((l) => l.pages);
    expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: TOTAL_PAGES }, (_, i) => i + 1));
    expect(READING_ORDER).toEqual(pages);
    expect(READING_ORDER.slice(18, 23)).toEqual([19, 44, 45, 46, 20]);
    expect(lessonForPage(45).title).toBe("Common Scams");
    expect([previousPage(44), nextPage(19), nextPage(46), previousPage(20)]).toEqual([19, 44, 20, 46]);
    expect([previousPage(1), nextPage(43)]).toEqual([null, null]);
    expect(lessonForPage(31).title).toBe("Stranger Danger");
    expect(lessonForPage(38).title).toBe("Get Practical");
  });

  it.each([
    [undefined, 1],
    ["1", 1],
    ["43", 43],
    ["46", 46],
    ["47", null],
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
    [19, [17, 18, 19, 44, 45]],
    [44, [18, 19, 44, 45, 46]],
    [20, [45, 46, 20, 21, 22]],
    [42, [39, 40, 41, 42, 43]],
    [43, [39, 40, 41, 42, 43]],
  ])("shows a window of five pages around page %i", (page, expected) => {
    expect(pagerWindow(page)).toEqual(expected);
  });

  it("marks a lesson complete only when all its pages were viewed", () => {
    expect(completedLessons([1, 2, 3])).toEqual([1]);
    expect(completedLessons([1, 2, 3, 4, 5, 6, 7, 43])).toEqual([1, 2, 11]);
    // Lesson 4 needs its pages added later too.
    const lessonFour = [14, 15, 16, 17, 18, 19];
    expect(completedLessons(lessonFour)).toEqual([]);
    expect(completedLessons([...lessonFour, 44, 45, 46])).toEqual([4]);
  });
});
