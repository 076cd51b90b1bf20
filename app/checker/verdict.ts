import type { AskKind, Rule, RuleMatch, SignWeight } from "./rule";

/**
 * The answer to "Is this a scam?", from the signs found (rule.ts explains the weights). A message
 * is a scam warning only when it asks something of the reader (open a link, call, pay, send a
 * code, keep a secret) together with pressure, pretence or a bad link from another sign, or when
 * one sign is strong on its own. One sign worth checking, alone, is "be careful". Pressure words
 * in a message that asks nothing (a school's "URGENT", a friend's "I won") are no answer at all.
 */

export type Verdict = "warning-signs" | "be-careful" | "none-found";

export interface FoundSign {
  rule: Rule;
  match: RuleMatch;
}

export interface Decision {
  verdict: Verdict;
  /** The signs to show, in the order found. */
  shown: FoundSign[];
  /** The signs that decided the answer (a subset of shown). */
  deciding: Set<FoundSign>;
  /** What the message asks the reader to do, for "It asks you to …" (warnings only). */
  asks: AskKind[];
}

export function weightOf(sign: FoundSign): SignWeight {
  return sign.match.weight ?? sign.rule.weight;
}

export function askOf(sign: FoundSign): AskKind | undefined {
  return sign.match.asks === null ? undefined : (sign.match.asks ?? sign.rule.asks);
}

/** Signs about a link itself: the link is their request, not a second one. */
const LINK_SIGNS: ReadonlySet<string> = new Set(["short-link", "throwaway-domain"]);

/**
 * Openers: a stranger's hello and a relative's new number say who is writing, not what they want.
 * Two of them ("it's Patricia from church, this is my new number") are still one question: who is
 * this? They count as one sign towards a warning.
 */
const OPENER_SIGNS: ReadonlySet<string> = new Set(["wrong-number", "new-number-relative"]);

const distinct = (signs: FoundSign[]) =>
  new Set(signs.map((sign) => (OPENER_SIGNS.has(sign.rule.id) ? "opener" : sign.rule.id))).size;

/** `opensALink`: the message links somewhere other than its writer's own site (asks.ts). */
export function decide(found: FoundSign[], opensALink: boolean): Decision {
  const weighing = (weight: SignWeight) => found.filter((sign) => weightOf(sign) === weight);
  const decisive = weighing("decisive");
  const suspicious = weighing("suspicious");
  const pushing = [...suspicious, ...weighing("pressure")];
  const requests = found.filter((sign) => askOf(sign) !== undefined);
  const asksOf = (signs: FoundSign[]) => [
    ...new Set([...(opensALink ? (["open-link"] as const) : []), ...signs.flatMap((sign) => askOf(sign) ?? [])]),
  ];
  const warning = (deciding: FoundSign[]): Decision => ({
    verdict: "warning-signs",
    shown: found,
    deciding: new Set(deciding),
    asks: asksOf(requests),
  });

  if (decisive.length > 0) return warning(decisive);

  // A request beside pressure, pretence or a bad link from another sign. Opening a link is the
  // request a bad link makes by itself, so a short or throw-away link needs something else too.
  const pushersBesideARequest = pushing.filter(
    (pusher) =>
      (opensALink && !LINK_SIGNS.has(pusher.rule.id)) || requests.some((request) => request.rule !== pusher.rule),
  );
  if (pushersBesideARequest.length > 0) {
    const requestsUsed = requests.filter((request) =>
      pushersBesideARequest.some((pusher) => pusher.rule !== request.rule),
    );
    return warning([...requestsUsed, ...pushersBesideARequest]);
  }

  // An organisation's message whose link leads away from that organisation's own site: the
  // pretence is the name, the request is the link (asks.ts decides what is the writer's own).
  const claims = found.filter((sign) => sign.rule.id === "claims-authority");
  if (opensALink && claims.length > 0) return warning(claims);

  // Two different signs worth checking, or one beside a pressure or a claim from another sign.
  if (distinct(suspicious) >= 2) return warning(suspicious);
  if (suspicious.length > 0) {
    const beside = found.filter(
      (sign) =>
        !suspicious.some(
          (other) => other.rule === sign.rule || (OPENER_SIGNS.has(other.rule.id) && OPENER_SIGNS.has(sign.rule.id)),
        ),
    );
    if (beside.length > 0) return warning([...suspicious, ...beside]);
    return { verdict: "be-careful", shown: suspicious, deciding: new Set(suspicious), asks: [] };
  }
  return { verdict: "none-found", shown: [], deciding: new Set(), asks: [] };
}
