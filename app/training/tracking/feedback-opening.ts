import type { PracticeOutcome } from "./tracking.server";

/**
 * The first words of a practice message's feedback page: its heading and the sentence under it.
 * They follow what the person did, because praise after a fall reads as a joke and blame teaches
 * nothing (issue #35):
 * - clicked (pressed the button or link): kind and blame-free, it was practice and nothing happened;
 * - spotted ("I spotted it"): praise for seeing through it;
 * - reported (forwarded it, or answered SCAM): "Well spotted", the habit we most want;
 * - checked first (a drill's reply asked for the code word or a call back): "that is exactly what to do";
 * - nothing yet (opened from the weekly summary): what to look for, with no praise and no blame.
 * Children and teens get the friendly voice ("clues"), adults the plain one ("red flags").
 */

export interface FeedbackOpening {
  heading: string;
  intro: string;
}

/** "1 clue", "3 red flags". */
function counted(count: number, friendly: boolean): string {
  const noun = friendly ? "clue" : "red flag";
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function feedbackOpening(outcome: PracticeOutcome, friendly: boolean, count: number): FeedbackOpening {
  const flags = counted(count, friendly);
  switch (outcome) {
    case "clicked":
      return friendly
        ? {
            heading: "It was practice, and nothing happened. Here is what could have given it away",
            intro: `You pressed the button on the practice page. That is OK: practice is how everyone learns, and nothing bad happened. Here are the ${flags} to look for next time.`,
          }
        : {
            heading: "It was practice, and nothing happened. Here is what could have given it away",
            intro: `You pressed the button on the practice page. Nothing was collected and nothing happened: that is what practice is for. A real scam would have asked for your details next. Here are its ${flags}.`,
          };
    case "spotted":
      return friendly
        ? {
            heading: "You spotted it! Here is what gave it away",
            intro: `Well done, detective: you knew it was a scam. Here are all its ${flags}, so you know them every time.`,
          }
        : {
            heading: "You spotted it. Here is what gave it away",
            intro: `Well done: you recognized it as a scam. Here are all its ${flags}, so you know them all.`,
          };
    case "reported":
      return friendly
        ? {
            heading: "Well spotted: you reported it! Here is what gave it away",
            intro: `Reporting is exactly the right move, detective. Here are all its ${flags}, so you know them every time.`,
          }
        : {
            heading: "Well spotted: you reported it. Here is what gave it away",
            intro: `Reporting a message like this is exactly the right habit. Here are all its ${flags}, so you know them all.`,
          };
    case "checked_first":
      return {
        heading: "Well done: that is exactly what to do",
        intro: friendly
          ? `You checked first instead of doing what the message asked. That is the best move there is. Here are its ${flags}.`
          : `You checked first instead of doing what the message asked: the one step that beats this scam every time. Here are its ${flags}.`,
      };
    case null:
      return friendly
        ? {
            heading: "Here is what to look for",
            intro: `This message had ${flags} that it was a scam. They are numbered in the message and explained below.`,
          }
        : {
            heading: "Here is what to look for",
            intro: `This message had ${flags}. Each one is numbered in the message and explained below.`,
          };
  }
}
