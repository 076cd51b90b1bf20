import type { PracticeScenario } from "./practice-scenario-schema";

const REPLY_WORD = /\brepl(?:y|ies|ying)\b/i;

/**
 * Whether a practice text asks its reader to text back ("reply YES by 8pm", "Reply Y, then
 * reopen this msg", a "wrong number" hello that invites a correction): the request is one of its
 * red flags in the body, so replying is doing what the scam wanted, a fall. For other scenarios a
 * reply is kept as nothing: the scam never asked for it.
 */
export function asksForReply(scenario: Pick<PracticeScenario, "channel" | "redFlags">): boolean {
  return (
    scenario.channel === "sms" &&
    scenario.redFlags.some((flag) => flag.in === "body" && REPLY_WORD.test(`${flag.quote} ${flag.why}`))
  );
}
