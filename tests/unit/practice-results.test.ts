import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RESPONSE_WINDOW_DAYS,
  familySummaryLine,
  formatDuration,
  formatRate,
  levelInWords,
  median,
  messageOutcome,
  nextLevel,
  personFigures,
  ratesNote,
  PRACTICE_OUTCOMES,
  recentWeeks,
  resultLine,
  resultLineItems,
  secondsTo,
  streakLabel,
  summaryTone,
  sumTallies,
  tallyOutcomes,
  weeksWithoutAFall,
  type EventRecord,
  type MessageRecord,
  type PracticeOutcome,
  type ResultLine,
} from "~/training/results/practice-results";
import { OUTCOME_LABELS, outcomeMeanings } from "~/training/results/family-results-view";
import { holderResultLine } from "~/training/results/holder-message-view.server";
import { labelPlace, PracticeTrendChart } from "~/training/results/practice-trend-chart";
import { CHART_WIDTH } from "~/ui/server-chart";

const T0 = new Date("2026-11-02T16:00:00Z");
const DAY = 86_400;
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
/** A moment well after the response window: every unanswered message is decided by then. */
const LATER = after(30 * DAY);
const event = (kind: EventRecord["kind"], seconds: number, flagged = false): EventRecord => ({
  kind,
  occurredAt: after(seconds),
  flagged,
});
const message = (...events: EventRecord[]): MessageRecord => ({ sentAt: T0, events: [event("sent", 0), ...events] });

describe("the outcome of one message", () => {
  // Each outcome from a small list of events, as of a moment inside the window (an hour after
  // sending) and one after it (four days on; the window is three days by default).
  const HOUR = after(3_600);
  const FOUR_DAYS = after(4 * DAY);
  const table: [string, MessageRecord, PracticeOutcome | null, PracticeOutcome | null][] = [
    ["a report", message(event("reported", 600)), "reported", "reported"],
    ["a spot", message(event("spotted", 600)), "spotted", "spotted"],
    ["a person's click after opening", message(event("link_fetched", 300), event("clicked", 320)), "fell", "fell"],
    ["nothing at all", message(), "waiting", "no-response"],
    ["an unflagged fetch only", message(event("link_fetched", 300)), "waiting", "opened-not-pressed"],
    ["a flagged fetch only", message(event("link_fetched", 1, true)), "waiting", "scanner-or-preview"],
    [
      "a flagged fetch and a flagged click",
      message(event("link_fetched", 1, true), event("clicked", 2, true)),
      "waiting",
      "scanner-or-preview",
    ],
    [
      "a scanner, then the person opening it",
      message(event("link_fetched", 1, true), event("link_fetched", 900)),
      "waiting",
      "opened-not-pressed",
    ],
    ["a report from someone else only", message(event("reported", 60, true)), "waiting", "no-response"],
    ["a bounce", { ...message(), arrival: "not-delivered" }, "not-delivered", "not-delivered"],
    ["a bounce never sent", { sentAt: null, arrival: "not-delivered", events: [] }, "not-delivered", "not-delivered"],
    ["an unconfirmed text", { ...message(), arrival: "unknown" }, "waiting", "delivery-unknown"],
    [
      "an unconfirmed text someone opened",
      { ...message(event("link_fetched", 30)), arrival: "unknown" },
      "waiting",
      "opened-not-pressed",
    ],
    [
      "an 'undelivered' text its person reported",
      { ...message(event("reported", 60)), arrival: "not-delivered" },
      "reported",
      "reported",
    ],
    [
      "a message never sent",
      { sentAt: null, events: [{ kind: "failed", occurredAt: T0, flagged: false }] },
      null,
      null,
    ],
  ];

  it.each(table)("%s: %s inside the window, %s after it", (_name, record, inside, afterwards) => {
    expect(messageOutcome(record, HOUR)).toBe(inside);
    expect(messageOutcome(record, FOUR_DAYS)).toBe(afterwards);
  });

  it("shows 'Waiting' until the window has passed, to the second, for the window it is given", () => {
    const window = DEFAULT_RESPONSE_WINDOW_DAYS * DAY;
    expect(messageOutcome(message(), after(180))).toBe("waiting");
    expect(messageOutcome(message(), after(window - 1))).toBe("waiting");
    expect(messageOutcome(message(), after(window))).toBe("no-response");
    expect(messageOutcome(message(), after(DAY - 1), 1)).toBe("waiting");
    expect(messageOutcome(message(), after(DAY), 1)).toBe("no-response");
    expect(messageOutcome(message(), after(4 * DAY), 7)).toBe("waiting");
  });

  it("never counts a mail scanner or a link preview as a fall", () => {
    // Safe Links fetching within a second of delivery, then an iMessage preview "clicking".
    const bots = message(event("link_fetched", 1, true), event("clicked", 2, true), event("link_fetched", 40, true));
    expect(messageOutcome(bots, LATER)).toBe("scanner-or-preview");
    // A scanner's visit and then the person reporting it: reported.
    expect(messageOutcome(message(event("link_fetched", 1, true), event("reported", 900)), LATER)).toBe("reported");
    // A report from someone it was not sent to decides nothing.
    expect(messageOutcome(message(event("reported", 100, true), event("clicked", 400)), LATER)).toBe("fell");
  });

  it("goes by what happened first: spotting and then opening the link to learn is still a spot", () => {
    expect(messageOutcome(message(event("spotted", 100), event("clicked", 200)), LATER)).toBe("spotted");
    expect(messageOutcome(message(event("clicked", 100), event("spotted", 200)), LATER)).toBe("fell");
    // Events may arrive out of order; the times decide.
    expect(messageOutcome({ sentAt: T0, events: [event("clicked", 200), event("spotted", 100)] }, LATER)).toBe(
      "spotted",
    );
  });

  it("measures the time to report (or spot) from delivery, the person's own report only", () => {
    expect(secondsTo("reported", message(event("reported", 30, true), event("reported", 754)))).toBe(754);
    expect(secondsTo("spotted", message(event("spotted", 754)))).toBe(754);
    expect(secondsTo("reported", message(event("clicked", 10)))).toBeNull();
  });

  it("labels every outcome and says what each means", () => {
    expect(OUTCOME_LABELS).toEqual({
      reported: "Reported",
      spotted: "Spotted",
      "checked-first": "Checked first",
      fell: "Fell for",
      waiting: "Waiting",
      "opened-not-pressed": "Opened, did not press",
      "scanner-or-preview": "Scanner or preview",
      "no-response": "No response",
      "not-delivered": "Not delivered",
      "delivery-unknown": "Delivery not confirmed",
    });
    const meanings = outcomeMeanings(3);
    expect(meanings.map((meaning) => meaning.outcome).sort()).toEqual(Object.keys(OUTCOME_LABELS).sort());
    expect(meanings.find((meaning) => meaning.outcome === "waiting")!.meaning).toContain("less than 3 days ago");
    expect(outcomeMeanings(1).find((meaning) => meaning.outcome === "no-response")!.meaning).toContain("in 1 day.");
  });

  it("tells the holder what happened, in words about the person, never to them", () => {
    expect(holderResultLine("Sam", "spotted", 3)).toBe("Sam spotted it.");
    expect(holderResultLine("Sam", "waiting", 3)).toBe(
      "This went to Sam less than 3 days ago, and Sam has not answered yet.",
    );
    expect(holderResultLine("Sam", "opened-not-pressed", 3)).toBe(
      "Sam opened the link but did not press the button on the practice page.",
    );
    expect(holderResultLine("Sam", "scanner-or-preview", 3)).toContain("mail scanner or a link preview");
    expect(holderResultLine("Sam", "no-response", 3)).toBe("Sam did not answer this message within 3 days.");
    for (const outcome of [...(Object.keys(OUTCOME_LABELS) as PracticeOutcome[]), null]) {
      const line = holderResultLine("Sam", outcome, 3);
      expect(line).toContain("Sam");
      expect(line).not.toMatch(/\byou\b|great job/i);
    }
  });
});

describe("a person's figures", () => {
  it("adds up every outcome, with rates out of the decided messages and the median time to report", () => {
    const messages = [
      message(event("reported", 60)),
      message(event("reported", 3_600)),
      message(event("reported", 120)),
      message(event("spotted", 50)),
      message(event("link_fetched", 2, true), event("clicked", 400)),
      message(event("link_fetched", 1, true)),
      message(event("link_fetched", 700)),
      message(),
      // Sent yesterday, nothing yet: waiting, in no rate.
      { sentAt: after(29 * DAY), events: [] },
      { sentAt: null, events: [] },
    ];
    expect(personFigures(messages, LATER)).toEqual({
      sent: 9,
      decided: 8,
      waiting: 1,
      notDelivered: 0,
      deliveryUnknown: 0,
      reported: 3,
      spotted: 1,
      checkedFirst: 0,
      fell: 1,
      openedNotPressed: 1,
      scannerOrPreview: 1,
      noResponse: 1,
      reportRate: 3 / 8,
      fallRate: 1 / 8,
      medianSecondsToReport: 120,
    });
  });

  it("keeps a message that never arrived out of every rate, and one whose arrival is unknown out of 'no response'", () => {
    const figures = personFigures(
      [
        message(event("reported", 60)),
        { ...message(), arrival: "not-delivered" },
        { sentAt: null, arrival: "not-delivered", events: [] },
        { ...message(), arrival: "unknown" },
        { ...message(), arrival: "delivered" },
      ],
      LATER,
    );
    expect(figures).toMatchObject({
      sent: 3,
      decided: 3,
      notDelivered: 2,
      deliveryUnknown: 1,
      noResponse: 1,
      reportRate: 1 / 3,
    });
  });

  it("hides the rates until three messages are decided: 'spotted 0 of 2' is no '0%'", () => {
    expect(personFigures([], LATER)).toMatchObject({ sent: 0, reportRate: null, fallRate: null });
    // One message, fallen for: no "100%" in large type.
    const one = personFigures([message(event("clicked", 400))], LATER);
    expect(one).toMatchObject({ sent: 1, decided: 1, fell: 1, reportRate: null, fallRate: null });
    expect([formatRate(one.reportRate), formatRate(one.fallRate)]).toEqual(["—", "—"]);
    // Two decided and two still waiting: four sent, still no rates.
    const waiting = personFigures(
      [
        message(event("reported", 60)),
        message(),
        { sentAt: LATER, events: [] },
        { sentAt: after(29 * DAY), events: [] },
      ],
      LATER,
    );
    expect(waiting).toMatchObject({ sent: 4, decided: 2, waiting: 2, reportRate: null, fallRate: null });
    // A third decided one: the rates show, out of the three.
    const three = personFigures([message(event("reported", 60)), message(), message(event("clicked", 400))], LATER);
    expect(three).toMatchObject({ decided: 3, reportRate: 1 / 3, fallRate: 1 / 3 });
    expect(ratesNote(0)).toBe("Rates show after 3 messages with an outcome (0 so far).");
    expect(ratesNote(2)).toBe("Rates show after 3 messages with an outcome (2 so far).");
    expect(ratesNote(3)).toBeNull();
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
      { weekKey: "2026-W48", outcomes: ["scanner-or-preview" as const] },
    ];
    expect(weeksWithoutAFall(weeks)).toBe(3);
    expect(weeksWithoutAFall([...weeks, { weekKey: "2026-W49", outcomes: ["fell"] }])).toBe(0);
    expect(weeksWithoutAFall([])).toBe(0);
  });
});

describe("words for the figures", () => {
  it("writes the family summary line, saying which messages are still waiting", () => {
    expect(familySummaryLine(7, 9)).toBe("This month your family spotted 7 of 9 practice messages");
    expect(familySummaryLine(1, 1)).toBe("This month your family spotted 1 of 1 practice message");
    expect(familySummaryLine(0, 0)).toBe("No practice messages have gone out this month yet.");
    expect(familySummaryLine(0, 2, 2)).toBe(
      "This month your family spotted 0 of 2 practice messages: all are still waiting for an answer",
    );
    expect(familySummaryLine(0, 1, 1)).toBe(
      "This month your family spotted 0 of 1 practice message: it is still waiting for an answer",
    );
    expect(familySummaryLine(1, 3, 1)).toBe(
      "This month your family spotted 1 of 3 practice messages; 1 is still waiting for an answer",
    );
  });

  it("is green only for good news", () => {
    expect(summaryTone(0, 0)).toBe("neutral");
    expect(summaryTone(0, 2)).toBe("neutral");
    expect(summaryTone(1, 5)).toBe("neutral");
    expect(summaryTone(1, 2)).toBe("good");
    expect(summaryTone(7, 9)).toBe("good");
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

describe("the trend chart", () => {
  const trend = recentWeeks(new Date("2026-11-26T12:00:00Z"), "America/New_York", 12).map((week) => ({
    ...week,
    sent: 1,
    spotted: 0,
    checkedFirst: 0,
    waiting: 0,
  }));

  it("ends the last week's label inside the drawing, so a phone shows 'Nov 23' whole", () => {
    expect(trend.at(-1)!.label).toBe("Nov 23");
    // Rendered as an element: the chart reads the page's language (useT).
    const svg = renderToStaticMarkup(createElement(PracticeTrendChart, { name: "Sam", trend, idPrefix: "sam" }));
    const labels = [...svg.matchAll(/<text x="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>([A-Z][a-z]{2} \d+)<\/text>/g)];
    expect(labels.map((label) => label[3])).toEqual(["Sep 21", "Oct 12", "Nov 2", "Nov 23"]);
    const last = labels.at(-1)!;
    expect(last[2]).toBe("end");
    expect(Number(last[1])).toBeLessThanOrEqual(CHART_WIDTH);
    // The others stay centred under their bars.
    expect(labels.slice(0, -1).every((label) => label[2] === "middle")).toBe(true);
  });

  it("places a label by its bar", () => {
    expect(labelPlace(3, 12, 100, 20)).toEqual({ x: 110, anchor: "middle" });
    expect(labelPlace(11, 12, 340, 16)).toEqual({ x: 356, anchor: "end" });
  });
});

describe("family totals are the sums of the people (issue 35)", () => {
  /** One message of each channel that ends in `outcome`, built from events as the site records them. */
  const sms = (record: MessageRecord) => ({ ...record, channel: "sms" as const });
  const email = (record: MessageRecord) => ({ ...record, channel: "email" as const });
  const EVERY_KIND: Record<PracticeOutcome, MessageRecord> = {
    // Forwarded or replied to the report address (email), or answered SCAM (text).
    reported: message(event("reported", 600)),
    // Pressed "I spotted it" on the feedback page.
    spotted: message(event("spotted", 600)),
    // Answered a verification drill by asking for the code word.
    "checked-first": message(event("checked_first", 600)),
    fell: message(event("link_fetched", 300), event("clicked", 320)),
    // Sent an hour before `NOW`: still inside the window.
    waiting: { sentAt: after(30 * DAY - 3600), events: [] },
    // Opened the practice page to look first, and did not press.
    "opened-not-pressed": message(event("link_fetched", 300)),
    "scanner-or-preview": message(event("link_fetched", 1, true)),
    "not-delivered": { sentAt: T0, arrival: "not-delivered", events: [event("sent", 0), event("failed", 5)] },
    "delivery-unknown": { sentAt: T0, arrival: "unknown", events: [event("sent", 0)] },
    "no-response": message(),
  };
  const NOW = LATER;
  const decided = (records: ({ channel: "email" | "sms" } & MessageRecord)[]) =>
    records.map((record) => ({ channel: record.channel, outcome: messageOutcome(record, NOW)! }));

  it("builds every outcome kind from its events, on both channels", () => {
    for (const outcome of PRACTICE_OUTCOMES) {
      expect(messageOutcome(EVERY_KIND[outcome], NOW), outcome).toBe(outcome);
    }
  });

  // Maria spotted hers on the page; Jorge reported his text with SCAM and never pressed "I spotted
  // it"; Leo opened one to look, fell for another, and one waits. Then a family with every kind twice.
  const maria = decided([email(EVERY_KIND.spotted), email(EVERY_KIND["no-response"])]);
  const jorge = decided([sms(EVERY_KIND.reported), sms(EVERY_KIND["delivery-unknown"])]);
  const leo = decided([
    email(EVERY_KIND["opened-not-pressed"]),
    sms(EVERY_KIND.fell),
    email(EVERY_KIND.waiting),
    email(EVERY_KIND.reported),
    sms(EVERY_KIND["scanner-or-preview"]),
    email(EVERY_KIND["not-delivered"]),
  ]);
  const everyKind = decided(
    PRACTICE_OUTCOMES.flatMap((outcome) => [email(EVERY_KIND[outcome]), sms(EVERY_KIND[outcome])]),
  );
  const families = { "Maria, Jorge and Leo": [maria, jorge, leo], "every kind on both channels": [everyKind, maria] };

  it.each(Object.entries(families))("sums each outcome of each channel, and each line figure: %s", (_, people) => {
    const tallies = people.map((messages) => tallyOutcomes(messages));
    const family = sumTallies(tallies);
    for (const channel of ["email", "sms"] as const) {
      for (const outcome of PRACTICE_OUTCOMES) {
        expect(family[channel][outcome], `${channel} ${outcome}`).toBe(
          tallies.reduce((sum, tally) => sum + tally[channel][outcome], 0),
        );
      }
    }
    const lines = tallies.map((tally) => resultLine(tally));
    const familyLine = resultLine(family);
    for (const key of Object.keys(familyLine) as (keyof ResultLine)[]) {
      expect(familyLine[key], key).toBe(lines.reduce((sum, line) => sum + line[key], 0));
    }
    // And the line's figures add up within themselves: every message sent is in exactly one of them.
    for (const line of [...lines, familyLine]) {
      expect(line.spotted).toBe(line.spottedOnPage + line.reported + line.checkedFirst);
      expect(line.reported).toBe(line.reportedByEmail + line.reportedByText);
      expect(line.sent).toBe(line.spotted + line.openedOnly + line.fell + line.noActionYet);
    }
  });

  it("counts every kind once, texts and reports included", () => {
    const line = resultLine(sumTallies([tallyOutcomes(everyKind)]));
    expect(line).toEqual({
      sent: 18,
      spotted: 6,
      spottedOnPage: 2,
      reported: 2,
      reportedByEmail: 1,
      reportedByText: 1,
      checkedFirst: 2,
      openedOnly: 2,
      fell: 2,
      noActionYet: 8,
      waiting: 2,
      notDelivered: 2,
    });
  });

  it("says the same as the people: Jorge's SCAM reply is his spot and the family's", () => {
    const [mariaLine, jorgeLine, leoLine] = [maria, jorge, leo].map((messages) => resultLine(tallyOutcomes(messages)));
    const familyLine = resultLine(sumTallies([maria, jorge, leo].map((messages) => tallyOutcomes(messages))));
    expect(resultLineItems(jorgeLine!)).toEqual([
      "Spotted 1 of 2 (1 reported)",
      "opened only 0",
      "fell for 0",
      "no answer yet 1",
    ]);
    expect(resultLineItems(mariaLine!)).toEqual(["Spotted 1 of 2", "opened only 0", "fell for 0", "no answer yet 1"]);
    expect(resultLineItems(leoLine!)).toEqual([
      "Spotted 1 of 5 (1 reported)",
      "opened only 1",
      "fell for 1",
      "no answer yet 2",
    ]);
    expect(resultLineItems(familyLine)).toEqual([
      "Spotted 3 of 9 (2 reported)",
      "opened only 1",
      "fell for 1",
      "no answer yet 4",
    ]);
    expect(familySummaryLine(familyLine.spotted, familyLine.sent, familyLine.waiting)).toBe(
      "This month your family spotted 3 of 9 practice messages; 1 is still waiting for an answer",
    );
    expect(resultLineItems(resultLine(tallyOutcomes([])))).toEqual(["No practice messages this month"]);
  });
});

describe("levels in words", () => {
  it("says what each level means", () => {
    expect(levelInWords(1)).toBe("Level 1 of 3: messages with plenty of clues");
    expect(levelInWords(2)).toBe("Level 2 of 3: messages with fewer clues");
    expect(levelInWords(3)).toBe("Level 3 of 3: messages with few clues that fit their life");
    // A level outside 1..3 (never stored: the tracking code keeps it within) is shown as the nearest.
    expect(levelInWords(0)).toBe("Level 1 of 3: messages with plenty of clues");
  });
});
