import type { RedFlag } from "~/training/library/practice-scenario-schema";
import type { Candidate, Relation, TrainerMessage, TrainerPart } from "./candidates";
import type { TrainerScore } from "./scoring";

/**
 * What the learner reads after Check: every red flag (found or missed) with why it matters and
 * the course page that teaches it, every good instinct (a part that shares a red flag's reason)
 * with the red flag that counts it, and every false alarm with why that part is ordinary on its
 * own. Shared by the members' trainer and the free taste, so both explain in the same words.
 */

export interface PageLink {
  title: string;
  href: string;
}

/**
 * Where a red flag's explanation leads: "Learn more" opens the public page about its kind of red
 * flag (/red-flags/<slug>, no account needed: issue #23), and, for members, the course page that
 * teaches it. The free taste leaves `course` out: its visitors have no account, and a link to a
 * sign-in form would be no help to them (issue #35).
 */
export interface FlagLinks {
  learnMore: PageLink;
  course?: PageLink;
}

export interface FlagFeedback {
  /** 1-based, in the order the message lists its red flags (the badges in the message). */
  number: number;
  candidateId: string;
  quote: string;
  where: string;
  why: string;
  /** The public page about this kind of red flag (/red-flags/<slug>). */
  learnMore: PageLink;
  /** The course page that teaches it, for members (left out where no one has an account). */
  course?: PageLink;
}

export interface FalseAlarmFeedback {
  candidateId: string;
  text: string;
  where: string;
  why: string;
}

export interface GoodInstinctFeedback {
  candidateId: string;
  text: string;
  where: string;
  /** The number of the red flag that counts this part's reason. */
  number: number;
  /** "Good instinct: here is why it is not counted." and the reason. */
  why: string;
}

export type Mark = "found" | "missed" | "good-instinct" | "false-alarm";

export interface RoundFeedback {
  score: number;
  flagCount: number;
  found: FlagFeedback[];
  missed: FlagFeedback[];
  goodInstincts: GoodInstinctFeedback[];
  falseAlarms: FalseAlarmFeedback[];
  /**
   * How each marked or missed part is drawn in the message; red flags carry their number, and a
   * good instinct the number of the red flag that counts it.
   */
  marks: Record<string, { mark: Mark; number?: number }>;
}

function where(part: TrainerPart, channel: TrainerMessage["channel"]): string {
  switch (part) {
    case "name":
      return channel === "sms" ? "the sender" : "the sender's name";
    case "address":
      return "the sender's address";
    case "subject":
      return "the subject";
    case "body":
      return channel === "sms" ? "the text" : "the email";
  }
}

/**
 * Why a marked part that is not on the message's list is ordinary on its own. Honest about what
 * it is: not one of the signs that give this scam away, though being careful is never wrong.
 */
export function falseAlarmWhy(candidate: Pick<Candidate, "part">): string {
  switch (candidate.part) {
    case "name":
      return "Not one of this message's red flags. Anyone can type any name, so a name on its own proves nothing either way; the address and what the message asks of you say much more.";
    case "address":
      return "Not one of this message's red flags. The address alone did not give this one away; look at what the message wants you to do.";
    case "subject":
      return "Not one of the red flags we count in this message. Real mail can have a loud or official-sounding subject too, so a subject alone proves little; the clues that give this one away are in what the message asks of you.";
    case "body":
      return "Not one of this message's red flags. A real message could say this too. Being careful is good; the red flags are the parts that rush you, ask for something or do not fit the sender.";
  }
}

export const GOOD_INSTINCT_OPENING = "Good instinct: here is why it is not counted.";

const COUNTED_ONCE: Record<Exclude<Relation["because"], "same-sentence" | "same-sender">, string> = {
  prize: "The prize claim in this message is counted once",
  rush: "The rush in this message is counted once",
  shouting: "The shouting capitals in this message are counted once",
};

/**
 * Why a marked part that shares a red flag's reason earns half a red flag: the message counts
 * that reason once, in the red flag named, whose own explanation follows.
 */
export function goodInstinctWhy(relation: Relation, redFlag: { quote: string; why: string }): string {
  const number = relation.redFlag + 1;
  const counted =
    relation.because === "same-sentence"
      ? `It is part of the same sentence as red flag ${number} (“${redFlag.quote}”), which is counted once.`
      : relation.because === "same-sender"
        ? `It is the same sender as red flag ${number} (“${redFlag.quote}”), which is counted once.`
        : `${COUNTED_ONCE[relation.because]}, as red flag ${number} (“${redFlag.quote}”).`;
  return `${GOOD_INSTINCT_OPENING} ${counted} ${redFlag.why}`;
}

export function roundFeedback(
  message: TrainerMessage,
  candidates: readonly Candidate[],
  score: TrainerScore,
  linksFor: (redFlag: RedFlag) => FlagLinks,
): RoundFeedback {
  const byFlag = new Map(candidates.filter((c) => c.redFlag !== null).map((c) => [c.redFlag!, c]));
  const flag = (index: number): FlagFeedback => {
    const redFlag = message.redFlags[index]!;
    const candidate = byFlag.get(index)!;
    return {
      number: index + 1,
      candidateId: candidate.id,
      quote: redFlag.quote,
      where: where(candidate.part, message.channel),
      why: redFlag.why,
      ...linksFor(redFlag),
    };
  };
  const found = score.found.map(flag);
  const missed = score.missed.map(flag);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const goodInstincts = score.goodInstincts.map((id) => {
    const candidate = byId.get(id)!;
    const relation = candidate.related!;
    return {
      candidateId: id,
      text: candidate.text,
      where: where(candidate.part, message.channel),
      number: relation.redFlag + 1,
      why: goodInstinctWhy(relation, message.redFlags[relation.redFlag]!),
    };
  });
  const falseAlarms = score.falseAlarms.map((id) => {
    const candidate = byId.get(id)!;
    return {
      candidateId: id,
      text: candidate.text,
      where: where(candidate.part, message.channel),
      why: falseAlarmWhy(candidate),
    };
  });
  const marks: RoundFeedback["marks"] = {};
  for (const item of found) marks[item.candidateId] = { mark: "found", number: item.number };
  for (const item of missed) marks[item.candidateId] = { mark: "missed", number: item.number };
  for (const item of goodInstincts) marks[item.candidateId] = { mark: "good-instinct", number: item.number };
  for (const item of falseAlarms) marks[item.candidateId] = { mark: "false-alarm" };
  return {
    score: score.score,
    flagCount: message.redFlags.length,
    found,
    missed,
    goodInstincts,
    falseAlarms,
    marks,
  };
}
