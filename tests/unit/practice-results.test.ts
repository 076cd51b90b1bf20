import { describe, expect, it } from "vitest";
import {
  familySummaryLine,
  formatDuration,
  formatRate,
  median,
  messageOutcome,
  nextLevel,
  personFigures,
  recentWeeks,
  secondsTo,
  streakLabel,
  weeksWithoutAFall,
  type EventRecord,
  type MessageRecord,
} from "~/training/results/practice-results";

const T0 = new Date("2026-11-02T16:00:00Z");
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const event = (kind: EventRecord["kind"], seconds: number, flagged = false): EventRecord => ({
  kind,
  occurredAt: after(seconds),
  flagged,
});
const message = (...events: EventRecord[]): MessageRecord => ({ sentAt: T0, events: [event("sent", 0), ...events] });

describe("the outcome of one message", () => {
  it("counts a report, a spot, a human click, a bare fetch and silence", () => {
    expect(messageOutcome(message(event("reported", 600)))).toBe("reported");
    expect(messageOutcome(message(event("spotted", 600)))).toBe("spotted");
    expect(messageOutcome(message(event("link_fetched", 300), event("clicked", 320)))).toBe("fell");
    expect(messageOutcome(message(event("link_fetched", 300)))).toBe("uncertain");
    expect(messageOutcome(message())).toBe("no-response");
  });

  it("never counts a mail scanner or a link preview as a fall", () => {
    // Safe Links fetching within a second of delivery, then an iMessage preview "clicking".
    const bots = message(event("link_fetched", 1, true), event("clicked", 2, true), event("link_fetched", 40, true));
    expect(messageOutcome(bots)).toBe("uncertain");
    // A scanner's visit and then the person reporting it: reported.
    expect(messageOutcome(message(event("link_fetched", 1, true), event("reported", 900)))).toBe("reported");
    // A report from someone it was not sent to decides nothing.
    expect(messageOutcome(message(event("reported", 100, true), event("clicked", 400)))).toBe("fell");
  });

  it("goes by what happened first: spotting and then opening the link to learn is still a spot", () => {
    expect(messageOutcome(message(event("spotted", 100), event("clicked", 200)))).toBe("spotted");
    expect(messageOutcome(message(event("clicked", 100), event("spotted", 200)))).toBe("fell");
    // Events may arrive out of order; the times decide.
    expect(messageOutcome({ sentAt: T0, events: [event("clicked", 200), event("spotted", 100)] })).toBe("spotted");
  });

  it("does not count a message that never went out", () => {
    expect(messageOutcome({ sentAt: null, events: [{ kind: "failed", occurredAt: T0, flagged: false }] })).toBeNull();
  });

  it("measures the time to report (or spot) from delivery, the person's own report only", () => {
    expect(secondsTo("reported", message(event("reported", 30, true), event("reported", 754)))).toBe(754);
    expect(secondsTo("spotted", message(event("spotted", 754)))).toBe(754);
    expect(secondsTo("reported", message(event("clicked", 10)))).toBeNull();
  });
});

describe("a person's figures", () => {
  it("adds up reported, spotted, fell for, no response and uncertain, with rates and the median time to report", () => {
    const messages = [
      message(event("reported", 60)),
      message(event("reported", 3_600)),
      message(event("reported", 120)),
      message(event("spotted", 50)),
      message(event("link_fetched", 2, true), event("clicked", 400)),
      message(event("link_fetched", 1, true)),
      message(),
      { sentAt: null, events: [] },
    ];
    expect(personFigures(messages)).toEqual({
      sent: 7,
      notDelivered: 0,
      deliveryUnknown: 0,
      reported: 3,
      spotted: 1,
      fell: 1,
      noResponse: 1,
      uncertain: 1,
      reportRate: 3 / 7,
      fallRate: 1 / 7,
      medianSecondsToReport: 120,
    });
  });

  it("keeps a message that never arrived out of every rate, and one whose arrival is unknown out of 'no response'", () => {
    const figures = personFigures([
      message(event("reported", 60)),
      { ...message(), arrival: "not-delivered" },
      { sentAt: null, arrival: "not-delivered", events: [] },
      { ...message(), arrival: "unknown" },
      { ...message(), arrival: "delivered" },
    ]);
    expect(figures).toMatchObject({ sent: 3, notDelivered: 2, deliveryUnknown: 1, noResponse: 1, reportRate: 1 / 3 });
    // A report proves it arrived, whatever the carrier said.
    expect(messageOutcome({ ...message(event("reported", 60)), arrival: "not-delivered" })).toBe("reported");
    expect(messageOutcome({ ...message(event("link_fetched", 30)), arrival: "unknown" })).toBe("uncertain");
  });

  it("has no rates before anything was sent", () => {
    expect(personFigures([])).toMatchObject({ sent: 0, reportRate: null, fallRate: null, medianSecondsToReport: null });
  });

  it("takes the middle of an even number of times", () => {
    expect(median([10, 40, 20, 30])).toBe(25);
    expect(median([])).toBeNull();
  });
});

describe("difficulty and streaks", () => {
  it("moves one level up after a spot and one down after a fall, within 1 to 3", () => {
    expect(nextLevel(1, "spotted")).toBe(2);
    expect(nextLevel(2, "spotted")).toBe(3);
    expect(nextLevel(3, "spotted")).toBe(3);
    expect(nextLevel(3, "fell")).toBe(2);
    expect(nextLevel(1, "fell")).toBe(1);
  });

  it("counts weeks without a fall back from the latest, skipping weeks with no message", () => {
    const weeks = [
      { weekKey: "2026-W44", outcomes: ["fell" as const] },
      { weekKey: "2026-W45", outcomes: ["spotted" as const] },
      { weekKey: "2026-W46", outcomes: [] },
      { weekKey: "2026-W47", outcomes: ["no-response" as const] },
      { weekKey: "2026-W48", outcomes: ["uncertain" as const] },
    ];
    expect(weeksWithoutAFall(weeks)).toBe(3);
    expect(weeksWithoutAFall([...weeks, { weekKey: "2026-W49", outcomes: ["fell"] }])).toBe(0);
    expect(weeksWithoutAFall([])).toBe(0);
  });
});

describe("words for the figures", () => {
  it("writes the family summary line", () => {
    expect(familySummaryLine(7, 9)).toBe("This month your family spotted 7 of 9 practice messages");
    expect(familySummaryLine(1, 1)).toBe("This month your family spotted 1 of 1 practice message");
    expect(familySummaryLine(0, 0)).toBe("No practice messages have gone out this month yet.");
  });

  it("writes durations and rates", () => {
    expect(formatDuration(30)).toBe("under a minute");
    expect(formatDuration(12 * 60)).toBe("12 min");
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe("2 h 5 min");
    expect(formatDuration(28 * 3600)).toBe("1 day 4 h");
    expect(formatDuration(null)).toBe("—");
    expect(formatRate(2 / 3)).toBe("67%");
    expect(formatRate(null)).toBe("—");
  });
});

describe("the dashboard's weeks and streak words", () => {
  it("lists the last twelve ISO weeks, oldest first, each by its Monday, in the person's zone", () => {
    // Monday 23 November 2026, 03:00 UTC is still Sunday evening in Los Angeles (week 47).
    const now = new Date("2026-11-23T03:00:00Z");
    const weeks = recentWeeks(now, "America/Los_Angeles", 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ weekKey: "2026-W47", label: "Nov 16" });
    expect(weeks[0]).toEqual({ weekKey: "2026-W36", label: "Aug 31" });
    expect(recentWeeks(now, "Europe/Berlin", 1)).toEqual([{ weekKey: "2026-W48", label: "Nov 23" }]);
    // Across the end of daylight saving (1 November in the US) and a year end, no week is skipped or repeated.
    const keys = recentWeeks(new Date("2027-01-04T15:00:00Z"), "America/New_York", 12).map((week) => week.weekKey);
    expect(new Set(keys).size).toBe(12);
    expect(keys.slice(-3)).toEqual(["2026-W52", "2026-W53", "2027-W01"]);
  });

  it("words a streak as encouragement for one person", () => {
    expect(streakLabel(0, 0)).toBe("No practice messages yet");
    expect(streakLabel(0, 3)).toBe("A fresh start: every week without a fall counts");
    expect(streakLabel(1, 3)).toBe("1 week in a row without a fall");
    expect(streakLabel(4, 5)).toBe("4 weeks in a row without a fall");
  });
});
