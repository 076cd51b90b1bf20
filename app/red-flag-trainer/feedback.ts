import type { Candidate, TrainerMessage, TrainerPart } from "./candidates";
import type { TrainerScore } from "./scoring";

/**
 * What the learner reads after Check: every red flag (found or missed) with why it matters and
 * the course page that teaches it, and every false alarm with why that part is ordinary on its
 * own. Shared by the members' trainer and the free taste, so both explain in the same words.
 */

export interface CourseLink {
  title: string;
  href: string;
}

export interface FlagFeedback {
  /** 1-based, in the order the message lists its red flags (the badges in the message). */
  number: number;
  candidateId: string;
  quote: string;
  where: string;
  why: string;
  course: CourseLink;
}

export interface FalseAlarmFeedback {
  candidateId: string;
  text: string;
  where: string;
  why: string;
}

export type Mark = "found" | "missed" | "false-alarm";

export interface RoundFeedback {
  score: number;
  flagCount: number;
  found: FlagFeedback[];
  missed: FlagFeedback[];
  falseAlarms: FalseAlarmFeedback[];
  /** How each marked or missed part is drawn in the message; red flags also carry their number. */
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

export function roundFeedback(
  message: TrainerMessage,
  candidates: readonly Candidate[],
  score: TrainerScore,
  courseLink: (page: number) => CourseLink,
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
      course: courseLink(redFlag.coursePage),
    };
  };
  const found = score.found.map(flag);
  const missed = score.missed.map(flag);
  const byId = new Map(candidates.map((c) => [c.id, c]));
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
  for (const item of falseAlarms) marks[item.candidateId] = { mark: "false-alarm" };
  return { score: score.score, flagCount: message.redFlags.length, found, missed, falseAlarms, marks };
}
