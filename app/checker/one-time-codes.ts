import type { MessagePart } from "./message-part";

/**
 * An honest sign-in message gives a code: "Your code is 482913", "550217 is your sign-in code".
 * Its "don't share it" and "it expires in 10 minutes" are safety features, not a scammer's
 * request or rush, so the rules that would otherwise fire on those words ask this first.
 */
const GIVEN_CODE =
  /(?:code|codigo|pin|passcode|otp)[^.!?\d]{0,40}?(?<![\d-])[a-z]{0,2}-?(?:\d{4,8}|\d{3}[ -]\d{3})(?![\d-])|(?<!\d)\d{4,8} (?:is|es) (?:your|ur|tu|su|el)/;

/** Asked once per match by several rules: the answer for a part is worked out once, not per match. */
const answers = new WeakMap<MessagePart, boolean>();

export function givesACode(part: MessagePart): boolean {
  let answer = answers.get(part);
  if (answer === undefined) {
    answer = GIVEN_CODE.test(part.folded);
    answers.set(part, answer);
  }
  return answer;
}
