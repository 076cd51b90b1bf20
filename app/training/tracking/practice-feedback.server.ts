import { coursePagePath } from "~/course/course-map";
import { pageInfo } from "~/course/page-titles.server";
import type { Database } from "~/db/client.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";
import { locateRedFlags, type LocatedPart, type Segment } from "~/training/library/red-flag-segments";
import { practiceOutcome, type PracticeMessageRecord, type PracticeOutcome } from "./tracking.server";

/**
 * Everything the feedback page shows for one practice message: the message as it arrived with its
 * red flags numbered, what each one means, what to do next time, and the course pages that teach
 * them. Reading it records nothing: the weekly summary links here for people who did not click.
 */

export interface CoursePageLink {
  page: number;
  title: string;
  href: string;
}

export interface FeedbackRedFlag {
  number: number;
  quote: string;
  why: string;
  /** Where in the message it is: "the sender", "the subject", "the message". */
  where: string;
  course: CoursePageLink;
}

export interface FeedbackView {
  token: string;
  channel: PracticeScenario["channel"];
  /** Children and teens get friendlier words. */
  friendly: boolean;
  outcome: PracticeOutcome;
  message: {
    fromName: LocatedPart;
    fromAddress: LocatedPart;
    subject: LocatedPart | null;
    paragraphs: Segment[][];
  };
  redFlags: FeedbackRedFlag[];
  nextTime: string;
  coursePages: CoursePageLink[];
}

function courseLink(page: number): CoursePageLink {
  return { page, title: pageInfo(page)?.title ?? `Page ${page}`, href: coursePagePath(page) };
}

const WHERE: Record<string, string> = {
  fromName: "the sender",
  fromAddress: "the sender's address",
  subject: "the subject",
  body: "the message",
};

/** The feedback for a message, or null when its scenario is no longer in the library. */
/** What the feedback needs of a message (the holder's view builds it without the rest). */
export type FeedbackMessage = Pick<PracticeMessageRecord, "id" | "token" | "scenarioId"> & {
  contact: Pick<PracticeMessageRecord["contact"], "ageBand">;
};

export async function feedbackFor(db: Database, message: FeedbackMessage): Promise<FeedbackView | null> {
  const scenario = practiceLibrary().byId(message.scenarioId);
  if (!scenario) return null;
  const located = locateRedFlags(scenario);
  const redFlags = located.redFlags.map(({ number, redFlag, part }) => ({
    number,
    quote: redFlag.quote,
    why: redFlag.why,
    where: WHERE[part ?? "body"],
    course: courseLink(redFlag.coursePage),
  }));
  const pages = [...new Set(scenario.redFlags.map((flag) => flag.coursePage))].sort((a, b) => a - b);
  return {
    token: message.token,
    channel: scenario.channel,
    friendly: message.contact.ageBand === "child" || message.contact.ageBand === "teen",
    outcome: await practiceOutcome(db, message.id),
    message: {
      fromName: located.fromName,
      fromAddress: located.fromAddress,
      subject: located.subject,
      paragraphs: located.body.paragraphs,
    },
    redFlags,
    nextTime: scenario.nextTime,
    coursePages: pages.map(courseLink),
  };
}

/** The landing page's words: the scenario's heading and its one button. */
export function landingFor(message: PracticeMessageRecord): { heading: string; button: string } | null {
  const scenario = practiceLibrary().byId(message.scenarioId);
  return scenario ? { heading: scenario.landing.heading, button: scenario.landing.button } : null;
}
