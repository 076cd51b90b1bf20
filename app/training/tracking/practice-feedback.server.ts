import { coursePagePath } from "~/course/course-map";
import { pageInfo } from "~/course/page-titles.server";
import type { Database } from "~/db/client.server";
import {
  deliveredForm,
  SAMPLE_MAIL_DOMAIN,
  SAMPLE_TEXT_SENDER,
  type DeliveredForm,
} from "~/training/library/delivered-form";
import type { LandingMark } from "~/training/library/landing-look";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { practiceSendingSetup } from "~/training/sending/practice-sending-setup.server";
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
    to: string;
    fromName: LocatedPart;
    fromAddress: LocatedPart;
    subject: LocatedPart | null;
    paragraphs: Segment[][];
  };
  redFlags: FeedbackRedFlag[];
  nextTime: string;
  coursePages: CoursePageLink[];
  /** Authorities that describe the scam it imitates. */
  sources: PracticeScenario["sources"];
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

/**
 * A message queued before its delivered form was stored (migration 0016): rebuilt as it would
 * leave today, which for those few is the nearest we know.
 */
function formBeforeItWasRecorded(scenario: PracticeScenario, address: string | null): DeliveredForm {
  const setup = practiceSendingSetup();
  return deliveredForm(scenario, {
    mailDomain: setup?.mailDomain ?? SAMPLE_MAIL_DOMAIN,
    textSender: setup?.textSender ?? SAMPLE_TEXT_SENDER,
    to: address ?? "",
    personName: null,
  });
}

/** What the feedback needs of a message (the holder's view builds it without the rest). */
export type FeedbackMessage = Pick<PracticeMessageRecord, "id" | "token" | "scenarioId" | "address" | "delivered"> & {
  contact: Pick<PracticeMessageRecord["contact"], "ageBand">;
};

/** The feedback for a message, or null when its scenario is no longer in the library. */
export async function feedbackFor(db: Database, message: FeedbackMessage): Promise<FeedbackView | null> {
  const scenario = practiceLibrary().byId(message.scenarioId);
  if (!scenario) return null;
  const located = locateRedFlags(scenario, message.delivered ?? formBeforeItWasRecorded(scenario, message.address));
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
      to: message.delivered?.to ?? message.address ?? "",
      fromName: located.fromName,
      fromAddress: located.fromAddress,
      subject: located.subject,
      paragraphs: located.body.paragraphs,
    },
    redFlags,
    nextTime: scenario.nextTime,
    coursePages: pages.map(courseLink),
    sources: scenario.sources,
  };
}

export interface LandingView {
  organisation: string;
  heading: string;
  button: string;
  colour: string;
  mark: LandingMark;
}

/** The landing page: the invented organisation's name, colour and mark, its heading and its one button. */
export function landingFor(message: PracticeMessageRecord): LandingView | null {
  const scenario = practiceLibrary().byId(message.scenarioId);
  if (!scenario) return null;
  const { organisation, heading, button, colour, mark } = scenario.landing;
  return { organisation: organisation ?? scenario.from.name, heading, button, colour, mark };
}
