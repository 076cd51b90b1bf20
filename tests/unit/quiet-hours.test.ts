import { describe, expect, it } from "vitest";
import { seeded } from "../support/seeded-random";
import { isAllowedSendTime, isoWeekKey, localTime, pickSendTime, soonestSendTime } from "~/family/quiet-hours";
import type { AgeBand } from "~/family/age-bands";

const at = (iso: string) => new Date(iso);

describe("allowed hours", () => {
  it("follows New York across the end of daylight saving time (1 November 2026)", () => {
    // 12:30 UTC is 08:30 EDT on Saturday, but 07:30 EST on Sunday after the clocks went back.
    expect(isAllowedSendTime(at("2026-10-31T12:30:00Z"), "America/New_York", "adult")).toBe(true);
    expect(isAllowedSendTime(at("2026-11-01T12:30:00Z"), "America/New_York", "adult")).toBe(false);
    expect(isAllowedSendTime(at("2026-11-01T13:00:00Z"), "America/New_York", "adult")).toBe(true);
    // 20:59 EST is fine, 21:00 EST is night.
    expect(isAllowedSendTime(at("2026-11-02T01:59:00Z"), "America/New_York", "older-adult")).toBe(true);
    expect(isAllowedSendTime(at("2026-11-02T02:00:00Z"), "America/New_York", "older-adult")).toBe(false);
  });

  it("follows London into summer time (29 March 2026)", () => {
    // 07:30 UTC is 07:30 GMT on Saturday (too early) and 08:30 BST on Sunday.
    expect(isAllowedSendTime(at("2026-03-28T07:30:00Z"), "Europe/London", "adult")).toBe(false);
    expect(isAllowedSendTime(at("2026-03-29T07:30:00Z"), "Europe/London", "adult")).toBe(true);
    expect(localTime(at("2026-03-29T07:30:00Z"), "Europe/London")).toMatchObject({ hour: 8, minute: 30, weekday: 7 });
  });

  it("keeps school hours free for children and teens on weekdays only, in Kolkata's half-hour offset", () => {
    // Monday 23 November 2026: 09:00 UTC is 14:30 IST, 09:30 UTC is 15:00 IST.
    for (const band of ["child", "teen"] as AgeBand[]) {
      expect(isAllowedSendTime(at("2026-11-23T09:00:00Z"), "Asia/Kolkata", band)).toBe(false);
      expect(isAllowedSendTime(at("2026-11-23T09:30:00Z"), "Asia/Kolkata", band)).toBe(true);
    }
    expect(isAllowedSendTime(at("2026-11-23T09:00:00Z"), "Asia/Kolkata", "adult")).toBe(true);
    // Saturday 28 November, 10:30 IST: no school.
    expect(isAllowedSendTime(at("2026-11-28T05:00:00Z"), "Asia/Kolkata", "child")).toBe(true);
  });

  it("handles Sydney's spring-forward (4 October 2026)", () => {
    // 21:30 UTC on 3 October is 07:30 AEST; on 4 October the same local hour is 20:30 UTC on the 3rd... so check both sides.
    expect(localTime(at("2026-10-03T21:30:00Z"), "Australia/Sydney")).toMatchObject({ day: 4, hour: 8, minute: 30 });
    expect(isAllowedSendTime(at("2026-10-03T21:30:00Z"), "Australia/Sydney", "adult")).toBe(true);
    expect(localTime(at("2026-10-02T21:30:00Z"), "Australia/Sydney")).toMatchObject({ day: 3, hour: 7, minute: 30 });
    expect(isAllowedSendTime(at("2026-10-02T21:30:00Z"), "Australia/Sydney", "adult")).toBe(false);
  });
});

describe("ISO weeks in the person's time zone", () => {
  it("numbers weeks as ISO 8601 does, including a 53rd week", () => {
    expect(isoWeekKey(at("2026-11-23T12:00:00Z"), "UTC")).toBe("2026-W48");
    expect(isoWeekKey(at("2027-01-01T12:00:00Z"), "UTC")).toBe("2026-W53");
    expect(isoWeekKey(at("2027-01-04T12:00:00Z"), "UTC")).toBe("2027-W01");
  });

  it("uses the local date: Sunday evening in Los Angeles is already Monday in UTC", () => {
    expect(isoWeekKey(at("2026-11-23T02:00:00Z"), "America/Los_Angeles")).toBe("2026-W47");
    expect(isoWeekKey(at("2026-11-23T02:00:00Z"), "UTC")).toBe("2026-W48");
  });
});

describe("picking a send time", () => {
  const zones = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "America/Los_Angeles"];
  const bands: AgeBand[] = ["child", "teen", "adult", "older-adult"];

  it("always lands inside the allowed hours, in the week it names, never before now", () => {
    const random = seeded(7);
    // Around the New York and London daylight-saving changes, and an ordinary week.
    for (const now of [
      "2026-10-24T22:10:00Z",
      "2026-10-30T18:00:00Z",
      "2026-03-27T06:00:00Z",
      "2026-11-23T16:10:00Z",
    ]) {
      for (const timeZone of zones) {
        for (const ageBand of bands) {
          for (let run = 0; run < 6; run++) {
            const picked = pickSendTime({ now: at(now), timeZone, ageBand, random });
            expect(picked).not.toBeNull();
            expect(picked!.at.getTime()).toBeGreaterThanOrEqual(at(now).getTime());
            expect(isAllowedSendTime(picked!.at, timeZone, ageBand)).toBe(true);
            expect(isoWeekKey(picked!.at, timeZone)).toBe(picked!.weekKey);
          }
        }
      }
    }
  });

  it("moves to the next week when this one is over or already has a message", () => {
    // Sunday 29 November 2026, 22:00 in New York: nothing allowed is left this week.
    const lateSunday = at("2026-11-30T03:00:00Z");
    expect(isoWeekKey(lateSunday, "America/New_York")).toBe("2026-W48");
    expect(
      pickSendTime({ now: lateSunday, timeZone: "America/New_York", ageBand: "adult", random: seeded(1) })!.weekKey,
    ).toBe("2026-W49");
    const monday = at("2026-11-23T15:00:00Z");
    const skipped = pickSendTime({
      now: monday,
      timeZone: "America/New_York",
      ageBand: "adult",
      skipWeeks: new Set(["2026-W48"]),
      random: seeded(2),
    });
    expect(skipped!.weekKey).toBe("2026-W49");
  });

  it("spreads messages over the week instead of always the first free moment", () => {
    const random = seeded(99);
    const days = new Set<number>();
    for (let run = 0; run < 60; run++) {
      const picked = pickSendTime({
        now: at("2026-11-23T05:00:00Z"),
        timeZone: "Europe/London",
        ageBand: "adult",
        random,
      })!;
      days.add(localTime(picked.at, "Europe/London").weekday);
    }
    expect(days.size).toBeGreaterThanOrEqual(5);
  });
});

describe("the soonest send time, for a message that came due in quiet hours", () => {
  it("is the first allowed quarter hour, so a held message keeps its place in line", () => {
    const random = seeded(11);
    // Tuesday 17 November 2026, 03:00 in New York: 08:00 (13:00 UTC) is the first allowed moment.
    for (let run = 0; run < 20; run++) {
      const soonest = soonestSendTime({
        now: at("2026-11-17T08:00:00Z"),
        timeZone: "America/New_York",
        ageBand: "adult",
        random,
      })!;
      expect(soonest.at.getTime()).toBeGreaterThanOrEqual(at("2026-11-17T13:00:00Z").getTime());
      expect(soonest.at.getTime()).toBeLessThan(at("2026-11-17T13:15:00Z").getTime());
      expect(isAllowedSendTime(soonest.at, "America/New_York", "adult")).toBe(true);
      expect(soonest.weekKey).toBe("2026-W47");
    }
    // A child at 10:00 on a school day in Paris: after school, 15:00 (14:00 UTC).
    const child = soonestSendTime({
      now: at("2026-11-17T09:00:00Z"),
      timeZone: "Europe/Paris",
      ageBand: "child",
      random,
    })!;
    expect(child.at.getTime()).toBeGreaterThanOrEqual(at("2026-11-17T14:00:00Z").getTime());
    expect(child.at.getTime()).toBeLessThan(at("2026-11-17T14:15:00Z").getTime());
    expect(isAllowedSendTime(child.at, "Europe/Paris", "child")).toBe(true);
  });

  it("is null when that moment's week already has one of their messages, so the caller picks a free week", () => {
    // Sunday 29 November 2026, 22:00 in New York: the first allowed moment is Monday 08:00, in W49.
    const lateSunday = at("2026-11-30T03:00:00Z");
    const soonest = soonestSendTime({
      now: lateSunday,
      timeZone: "America/New_York",
      ageBand: "adult",
      random: seeded(3),
    });
    expect(soonest!.weekKey).toBe("2026-W49");
    expect(
      soonestSendTime({
        now: lateSunday,
        timeZone: "America/New_York",
        ageBand: "adult",
        skipWeeks: new Set(["2026-W49"]),
      }),
    ).toBeNull();
  });
});

describe("local time in UTC without the time-zone database", () => {
  it("reads the same as the time-zone database's Etc/UTC at midnights, year ends and leap days", () => {
    const random = seeded(24);
    const instants = [
      "2026-12-31T23:59:00Z",
      "2027-01-01T00:00:00Z",
      "2028-02-29T12:00:00Z",
      "2026-11-29T00:00:00Z",
      "2026-11-30T23:30:00Z",
      ...Array.from({ length: 200 }, () => new Date(Date.UTC(2020, 0, 1) + random() * 3e11).toISOString()),
    ].map(at);
    for (const instant of instants) {
      expect([instant.toISOString(), localTime(instant, "UTC")]).toEqual([
        instant.toISOString(),
        localTime(instant, "Etc/UTC"),
      ]);
      expect(isoWeekKey(instant, "UTC")).toBe(isoWeekKey(instant, "Etc/UTC"));
    }
  });
});
