/**
 * Top-level domains that cost little, change hands in bulk and carry far more phishing than their
 * share of honest sites: the ones that lead the Spamhaus Project's "most abused top-level
 * domains" tables and the Interisle Consulting Group's Phishing Landscape reports (2024–2025), and
 * the endings the FTC's and state attorneys general's 2025 toll-text warnings show (".xin",
 * ".top", ".icu", ".vip", ".shop", ".online"). Honest small sites use them too, so such an ending
 * is not counted on the writer's own address, and is a warning only beside another sign (a name
 * the message claims, a deadline, a bill): see rules/throwaway-domain.ts and verdict.ts.
 */
export const THROWAWAY_TLDS: ReadonlySet<string> = new Set(
  (
    "top xin icu vip cfd sbs cyou bond lat buzz rest click win bid loan cam lol mom tk ml ga cf gq pw su " +
    "xyz cc ws shop online site live help store cn ru quest monster beauty hair makeup skin autos boats yachts homes motorcycles"
  ).split(" "),
);
