import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { getEnv } from "~/config/env.server";
import { pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { coursePageHref } from "~/course/course-words";
import { pageInfo, spanishPageTitle } from "~/course/page-titles.server";
import { trackForAgeBand, type CourseTrack } from "~/course/tracks/course-tracks";
import { withTrack } from "~/course/tracks/track-form";
import type { Database } from "~/db/client.server";
import {
  deliveredForm,
  SAMPLE_MAIL_DOMAIN,
  SAMPLE_TEXT_SENDER,
  type DeliveredForm,
} from "~/training/library/delivered-form";
import type { LandingMark } from "~/training/library/landing-look";
import { redFlagPageLink } from "~/red-flags/red-flag-pages.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";
import { locateRedFlags, type LocatedPart, type Segment } from "~/training/library/red-flag-segments";
import { storySoFar } from "./story-so-far.server";
import { practiceOutcome, type PracticeMessageRecord, type PracticeOutcome } from "./tracking.server";

/**
 * Everything the feedback page shows for one practice message: the message as it arrived with its
 * red flags numbered, what each one means, what to do next time, the public red-flag page each one
 * opens ("Learn more", no account needed) and the course pages that teach them (for members).
 * Reading it records nothing: the weekly summary links here for people who did not click.
 *
 * The feedback page is served on the practice host, so every link to the main site is absolute
 * (APP_URL + path): it never depends on the practice host sending the visitor on.
 */

export interface CoursePageLink {
  page: number;
  title: string;
  /** Absolute: APP_URL + /course/scam-free/<page> (/es/course/… where written in Spanish). The course needs an account. */
  href: string;
  /** The page's language: a Spanish reader's page where it is written in Spanish, else English. */
  language: ScenarioLanguage;
}

/** The public page about one kind of red flag: what "Learn more" opens, with no sign-in. */
export interface RedFlagPageLink {
  slug: string;
  title: string;
  /** Absolute: APP_URL + /red-flags/<slug>. */
  href: string;
}

export interface FeedbackRedFlag {
  number: number;
  quote: string;
  why: string;
  /** Where in the message it is: "the sender", "the subject", "the message". */
  where: string;
  /** "Learn more": the public page for this kind of red flag. */
  learnMore: RedFlagPageLink;
  /**
   * The course page that teaches it in depth, for members: only the account holder's view shows
   * it; the feedback page itself is read by people without an account (LearnMoreLinks).
   */
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
  /** Each red flag's public page, once each, in the order the red flags first name them. */
  redFlagPages: RedFlagPageLink[];
  coursePages: CoursePageLink[];
  /** Authorities that describe the scam it imitates. */
  sources: PracticeScenario["sources"];
  /** Absolute: APP_URL + /check, for a real message that worries them ("Is this a scam?"). */
  checkerHref: string;
  /** A verification drill: the course page that teaches checking first (the family code word). */
  checkFirst: CoursePageLink | null;
  /** A scam told in steps: which step this is, and the steps before it as they arrived. */
  sequence: SequenceView | null;
  /** The page's language (issue #39): the message's own, so a Spanish reader's page is in Spanish. */
  language: ScenarioLanguage;
}

/** An earlier step of the same scam, as it arrived, with its own red flags. */
export interface EarlierStepView {
  step: number;
  channel: PracticeScenario["channel"];
  message: FeedbackView["message"];
  redFlags: Pick<FeedbackRedFlag, "number" | "quote" | "why" | "where">[];
  /** What stood in a text for its link. */
  linkText: string;
}

export interface SequenceView {
  step: number;
  steps: number;
  earlier: EarlierStepView[];
}

/** The course page that teaches the family code word and calling back: "Computer Virus and Grandparent Scams". */
export const CHECK_FIRST_COURSE_PAGE = 19;

/** The public "Is this a scam?" checker (app/routes/check.tsx). */
const CHECKER_PATH = "/check";

/** A page of the main site, as an address that works from the practice host too. */
function onSite(path: string): string {
  return `${getEnv().APP_URL}${path}`;
}

/** A course page, in the track of the person's age band (issue #37) and in their language where written (#39). */
function courseLink(page: number, track: CourseTrack, language: ScenarioLanguage): CoursePageLink {
  const spanish = language === "es" ? spanishPageTitle(page) : undefined;
  return {
    page,
    title: spanish ?? pageInfo(page)?.title ?? `Page ${page}`,
    href: onSite(withTrack(coursePageHref(page, spanish ? "es" : "en"), track)),
    language: spanish ? "es" : "en",
  };
}

/** The public page of the red flag's kind (its `page`), in the page's language, as an address that works from the practice host. */
function learnMoreLink(slug: string, language: ScenarioLanguage): RedFlagPageLink {
  const page = redFlagPageLink(slug, language);
  return { ...page, href: onSite(page.href) };
}

/** Where in the message a red flag is ("the subject", "el asunto"), in the page's language. */
function whereIn(part: string | null, t: Translate): string {
  switch (part) {
    case "fromName":
      return t("feedback.where.fromName");
    case "fromAddress":
      return t("feedback.where.fromAddress");
    case "subject":
      return t("feedback.where.subject");
    default:
      return t("feedback.where.body");
  }
}

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

/** The message as it arrived, cut into its numbered red flags. */
function arrived(scenario: PracticeScenario, message: Pick<FeedbackMessage, "address" | "delivered">) {
  const located = locateRedFlags(scenario, message.delivered ?? formBeforeItWasRecorded(scenario, message.address));
  return {
    located,
    message: {
      to: message.delivered?.to ?? message.address ?? "",
      fromName: located.fromName,
      fromAddress: located.fromAddress,
      subject: located.subject,
      paragraphs: located.body.paragraphs,
    },
  };
}

/**
 * The feedback for a message, or null when its scenario is no longer in the library.
 * `linkTextOf` says what stood for the link in an earlier step's text: its own link on the
 * person's page, a placeholder on the holder's.
 */
export async function feedbackFor(
  db: Database,
  message: FeedbackMessage,
  linkTextOf: (step: { token: string; scenarioId: string }) => string,
  /** The page's language: the message's own on the person's page, English on the holder's. */
  pageLanguage?: ScenarioLanguage,
): Promise<FeedbackView | null> {
  const library = practiceLibrary();
  const scenario = library.byId(message.scenarioId);
  if (!scenario) return null;
  const language = pageLanguage ?? scenario.language;
  const t = translatorFor(language);
  const { located, message: shown } = arrived(scenario, message);
  const track = trackForAgeBand(message.contact.ageBand);
  const redFlags = located.redFlags.map(({ number, redFlag, part }) => ({
    number,
    quote: redFlag.quote,
    why: redFlag.why,
    where: whereIn(part, t),
    learnMore: learnMoreLink(redFlag.page, language),
    course: courseLink(redFlag.coursePage, track, language),
  }));
  const story = await storySoFar(db, message.id);
  const sequence: SequenceView | null = story && {
    step: story.step,
    steps: story.steps,
    earlier: story.earlier.flatMap((step) => {
      const stepScenario = library.byId(step.scenarioId);
      if (!stepScenario) return [];
      const view = arrived(stepScenario, step);
      return [
        {
          step: step.step,
          channel: stepScenario.channel,
          message: view.message,
          redFlags: view.located.redFlags.map(({ number, redFlag, part }) => ({
            number,
            quote: redFlag.quote,
            why: redFlag.why,
            where: whereIn(part, t),
          })),
          linkText: linkTextOf(step),
        },
      ];
    }),
  };
  const pages = [...new Set(scenario.redFlags.map((flag) => flag.coursePage))].sort((a, b) => a - b);
  const redFlagPages = [...new Map(redFlags.map((flag) => [flag.learnMore.href, flag.learnMore])).values()];
  return {
    token: message.token,
    channel: scenario.channel,
    friendly: message.contact.ageBand === "child" || message.contact.ageBand === "teen",
    outcome: await practiceOutcome(db, message.id),
    message: shown,
    redFlags,
    nextTime: scenario.nextTime,
    redFlagPages,
    coursePages: pages.map((page) => courseLink(page, track, language)),
    sources: scenario.sources,
    checkerHref: onSite(pathInLocale(CHECKER_PATH, language)),
    language,
    checkFirst: scenario.drill ? courseLink(CHECK_FIRST_COURSE_PAGE, track, language) : null,
    sequence,
  };
}

export interface LandingView {
  organisation: string;
  heading: string;
  button: string;
  colour: string;
  mark: LandingMark;
  /** The scenario's language: the page says so, and its one line of ours is in it. */
  language: ScenarioLanguage;
}

/** The landing page: the invented organisation's name, colour and mark, its heading and its one button. */
export function landingFor(message: PracticeMessageRecord): LandingView | null {
  const scenario = practiceLibrary().byId(message.scenarioId);
  if (!scenario) return null;
  const { organisation, heading, button, colour, mark } = scenario.landing;
  return {
    organisation: organisation ?? scenario.from.name,
    heading,
    button,
    colour,
    mark,
    language: scenario.language,
  };
}
