import { describe, expect, it } from "vitest";
import { lessonReleases, lessonShelf, localDay, startOfLocalDay, type PublishedLesson } from "~/weekly/lesson-release";

/** Twelve lessons published on Mondays from 7 September to 23 November 2026, like the library. */
const MONDAYS = [
  "2026-09-07",
  "2026-09-14",
  "2026-09-21",
  "2026-09-28",
  "2026-10-05",
  "2026-10-12",
  "2026-10-19",
  "2026-10-26",
  "2026-11-02",
  "2026-11-09",
  "2026-11-16",
  "2026-11-23",
];
const LIBRARY: PublishedLesson[] = MONDAYS.map((published, i) => ({ slug: `${published}-lesson-${i + 1}`, published }));
const slugOf = (published: string) => LIBRARY.find((lesson) => lesson.published === published)!.slug;

describe("lesson releases by start date", () => {
  it("a new member gets the four most recent lessons on their first day", () => {
    const since = new Date("2026-11-24T15:00:00Z");
    const shelf = lessonShelf(LIBRARY, since, "UTC", since);
    expect(shelf.open.map((r) => r.slug)).toEqual(["2026-11-23", "2026-11-16", "2026-11-09", "2026-11-02"].map(slugOf));
    expect(shelf.open.every((r) => r.opensOn === "2026-11-24")).toBe(true);
    // The next one is the newest not yet open, a week after joining.
    expect(shelf.next).toMatchObject({ slug: slugOf("2026-10-26"), opensOn: "2026-12-01" });
  });

  it("one more opens every seven days; earlier ones stay open", () => {
    const since = new Date("2026-11-24T15:00:00Z");
    const later = (days: number) => new Date(since.getTime() + days * 86_400_000);
    expect(lessonShelf(LIBRARY, since, "UTC", later(6)).open).toHaveLength(4);
    const week1 = lessonShelf(LIBRARY, since, "UTC", new Date("2026-12-01T00:00:00Z"));
    expect(week1.open.map((r) => r.slug)[0]).toBe(slugOf("2026-10-26"));
    expect(week1.open).toHaveLength(5);
    const week3 = lessonShelf(LIBRARY, since, "UTC", later(21));
    expect(week3.open).toHaveLength(7);
    expect(week3.open.slice(0, 3).map((r) => r.slug)).toEqual(["2026-10-12", "2026-10-19", "2026-10-26"].map(slugOf));
    const allOpen = lessonShelf(LIBRARY, since, "UTC", later(7 * 8));
    expect(allOpen.open).toHaveLength(12);
    expect(allOpen.next).toBeNull();
  });

  it("a member who joined before the library existed gets each lesson in the week after it is published", () => {
    const since = new Date("2026-09-01T12:00:00Z");
    const releases = lessonReleases(LIBRARY, since, "UTC");
    expect(releases[0]).toMatchObject({ slug: slugOf("2026-09-07"), opensOn: "2026-09-08" });
    expect(releases[1]).toMatchObject({ slug: slugOf("2026-09-14"), opensOn: "2026-09-15" });
    expect(releases).toHaveLength(12);
    expect(new Set(releases.map((r) => r.opensOn)).size).toBe(12); // never two in one week
  });

  it("a lesson published after a member joined comes before the older ones still waiting", () => {
    const since = new Date("2026-11-24T15:00:00Z");
    const withNew = [...LIBRARY, { slug: "2026-12-07-new", published: "2026-12-07" }];
    const releases = lessonReleases(withNew, since, "UTC");
    const order = releases.slice(4).map((r) => [r.slug, r.opensOn]);
    expect(order.slice(0, 3)).toEqual([
      [slugOf("2026-10-26"), "2026-12-01"],
      ["2026-12-07-new", "2026-12-08"],
      [slugOf("2026-10-19"), "2026-12-15"],
    ]);
  });

  it("weeks with nothing published are skipped until the next publication", () => {
    const lessons = [
      { slug: "a", published: "2026-01-05" },
      { slug: "b", published: "2026-03-02" },
    ];
    const releases = lessonReleases(lessons, new Date("2026-01-10T12:00:00Z"), "UTC");
    expect(releases).toEqual([
      expect.objectContaining({ slug: "a", opensOn: "2026-01-10" }),
      // 2026-03-02 is a Monday; the member's weeks start on Saturdays, so the next is 7 March.
      expect.objectContaining({ slug: "b", opensOn: "2026-03-07" }),
    ]);
  });

  it("an empty library opens nothing", () => {
    expect(lessonShelf([], new Date(), "UTC", new Date())).toEqual({ open: [], next: null });
  });
});

describe("lesson releases by time zone", () => {
  it("the start day is the member's local day, and lessons open at their local midnight", () => {
    // 03:00 UTC on 24 November is still 23 November (22:00) in New York.
    const since = new Date("2026-11-24T03:00:00Z");
    const [first] = lessonReleases(LIBRARY, since, "America/New_York");
    expect(first!.opensOn).toBe("2026-11-23");
    const fifth = lessonReleases(LIBRARY, since, "America/New_York")[4]!;
    expect(fifth.opensOn).toBe("2026-11-30");
    expect(fifth.opensAt.toISOString()).toBe("2026-11-30T05:00:00.000Z"); // midnight EST
    // Same instant, Tokyo: already 24 November there; its midnight is 15:00 UTC the day before.
    const tokyo = lessonReleases(LIBRARY, since, "Asia/Tokyo")[4]!;
    expect(tokyo.opensOn).toBe("2026-12-01");
    expect(tokyo.opensAt.toISOString()).toBe("2026-11-30T15:00:00.000Z");
  });

  it("a release at local midnight is not open one minute before it and is open at it", () => {
    const since = new Date("2026-11-24T15:00:00Z");
    const opens = lessonReleases(LIBRARY, since, "Europe/London")[4]!.opensAt;
    expect(lessonShelf(LIBRARY, since, "Europe/London", new Date(opens.getTime() - 60_000)).open).toHaveLength(4);
    expect(lessonShelf(LIBRARY, since, "Europe/London", opens).open).toHaveLength(5);
  });

  it("local midnight is found across daylight-saving changes", () => {
    expect(startOfLocalDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfLocalDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfLocalDay("2026-10-25", "Europe/London").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(startOfLocalDay("2026-10-26", "Europe/London").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(localDay(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
  });

  it("where midnight does not exist (Santiago skips 00:00 in September), the day starts at the first real minute", () => {
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(localDay(start, "America/Santiago")).toBe("2026-09-06");
    expect(localDay(new Date(start.getTime() - 60_000), "America/Santiago")).toBe("2026-09-05");
  });
});
