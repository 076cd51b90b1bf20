import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { READING_ORDER } from "~/course/course-map";
import { COURSE_TRACKS, trackForAgeBand } from "~/course/tracks/course-tracks";
import { readableTextOf, readingLevelOf } from "~/course/tracks/reading-level";
import { checkCourseTracks, readingTable } from "~/course/tracks/track-checks";
import { courseTrackFiles, type CourseTrackFile } from "~/course/tracks/track-files.server";
import { CourseTrackFormSchema, withTrack } from "~/course/tracks/track-form";

/** A Kids page as a writer might draft it, at the given words. */
function kidsPage(body: string, extra = ""): CourseTrackFile {
  const source = `---
title: "Prizes That Are Not Real"
description: "How to tell a real prize from a trick, for kids who play games and use apps."
page: 15
track: kids${extra}
---

${body}

<Example title="Zara's prize">

Zara got a message. It said she won a prize. She asked her mom. It was a trick.

</Example>

<Activity title="Prize or trick?">

Make up a prize message with a grown-up. Find the clues together.

</Activity>

<SelfCheck
  questions={[
    { question: "Do real prizes cost money?", options: ["Yes", "No"], answer: 1, explanation: "A real prize is free." },
    { question: "Who can you ask?", options: ["A grown-up", "The sender"], answer: 0, explanation: "Ask a grown-up." },
    { question: "Should you share your password?", options: ["No", "Yes"], answer: 0, explanation: "Never share it." },
  ]}
/>
`;
  return { path: "content/course/tracks/kids/15-fake-prize-scams.mdx", track: "kids", page: 15, source };
}

const EASY =
  "A prize is fun. A real prize is free. If a message says you won, stop and think. Ask a grown-up. Do not click the link. Do not pay. Do not share your name or your password.";
const HARD =
  "Unsolicited notifications asserting substantial monetary entitlements frequently necessitate preliminary administrative disbursements, constituting unmistakable indicators of fraudulent solicitation methodologies perpetrated internationally.";

describe("the course's reading level, measured", () => {
  it("reads the page's own words: headings and quoted scam messages are left out, the self-check is in", () => {
    const text = readableTextOf(
      `---\ntitle: "x"\n---\n\n## A heading with extraordinarily sophisticated vocabulary\n\n> Congratulations! Your account verification remains incomplete.\n\nStop and think.\n\n- Ask a grown-up\n\n<SelfCheck questions={[{ question: "Who can help?", options: ["A grown-up"], answer: 0 }]} />`,
    );
    expect(text).not.toMatch(/sophisticated|Congratulations/);
    expect(text.split("\n")).toEqual(["Stop and think.", "Ask a grown-up.", "Who can help?", "A grown-up."]);
  });

  it("passes a Kids page in plain words, and fails the same page written above grade 4", () => {
    const pages = [15];
    const files = (page: CourseTrackFile) =>
      COURSE_TRACKS.map((track) => (track === "kids" ? page : { ...page, track, path: `${track}/15.mdx` }));
    const plain = checkCourseTracks(files(kidsPage(EASY)), pages);
    expect(plain.problems.filter((p) => p.includes("kids/"))).toEqual([]);
    expect(readingLevelOf(kidsPage(EASY).source).grade).toBeLessThanOrEqual(4);

    const hard = checkCourseTracks(files(kidsPage(HARD)), pages);
    expect(hard.problems).toContainEqual(
      expect.stringMatching(/kids\/15-fake-prize-scams\.mdx: reading grade [\d.]+ is above the kids budget of 4/),
    );
    expect(readingTable(hard.table)).toMatch(/^ {2}15 /m);
  });

  it("fails a track page without its example, activity or self-check, one not for children, or a missing one", () => {
    const bare = kidsPage(EASY);
    const stripped = {
      ...bare,
      source: bare.source.replace(/<Example[\s\S]*?<\/Example>/, "").replace(/<Activity[\s\S]*?<\/Activity>/, ""),
    };
    const problems = checkCourseTracks([stripped], [15]).problems;
    expect(problems).toContainEqual(expect.stringContaining("needs at least one <Example>"));
    expect(problems).toContainEqual(expect.stringContaining("needs exactly one <Activity>"));
    expect(problems).toContain("page 15 has no Teens version");
    const grown = kidsPage(`${EASY} Ask about a credit freeze.`);
    expect(checkCourseTracks([grown], [15]).problems).toContainEqual(expect.stringContaining("not for the Kids track"));
    // Sent elsewhere: only Kids, and only to another page.
    const elsewhere = { ...kidsPage("This page is for grown-ups.", "\nelsewhere: 15") };
    expect(checkCourseTracks([elsewhere], [15]).problems).toContainEqual(
      expect.stringContaining('"elsewhere" must name another course page'),
    );
  });

  it("holds for the site's own course: every page in every track, within budget", () => {
    const result = checkCourseTracks(courseTrackFiles());
    expect(result.problems).toEqual([]);
    expect(result.table.map((row) => row.page)).toEqual(READING_ORDER);
    // Older adults: sentences of 20 words or fewer on average, on every page.
    for (const row of result.table) {
      const level = row.levels["older-adults"];
      expect(level, `page ${row.page}`).not.toBeNull();
      expect(level!.wordsPerSentence).toBeLessThanOrEqual(20);
    }
  });
});

describe("choosing a track", () => {
  it("is one of four, checked by the form's own schema", () => {
    expect(CourseTrackFormSchema.safeParse({ intent: "track", track: "older-adults" }).success).toBe(true);
    const wrong = CourseTrackFormSchema.safeParse({ intent: "track", track: "toddlers" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe("Please pick Kids, Teens, Adults or Older adults.");
  });

  it("has its own address per track, and a family member is offered the track of their age", () => {
    expect(withTrack("/course/scam-free/5", "kids")).toBe("/course/scam-free/5?track=kids");
    expect(withTrack("/course/scam-free/5", "adults")).toBe("/course/scam-free/5");
    expect(["child", "teen", "adult", "older-adult"].map(trackForAgeBand)).toEqual([
      "kids",
      "teens",
      "adults",
      "older-adults",
    ]);
  });

  it("keeps every Kids page free of what is taught to older readers only", () => {
    for (const file of courseTrackFiles().filter((f) => f.track === "kids")) {
      expect(readFileSync(file.path, "utf8"), file.path).not.toMatch(/sextortion|nude/i);
    }
  });
});
