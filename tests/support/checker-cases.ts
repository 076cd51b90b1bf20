import { describe, expect, it } from "vitest";
import { checkMessage, type CheckInput, type SignId } from "~/checker/check-message";
import { prepareMessage } from "~/checker/prepared-message";
import { RULES } from "~/checker/rules/all-rules";

/** A message for a checker test: its text alone, or every field. */
export type Case = string | CheckInput;

export const input = (message: Case): CheckInput => (typeof message === "string" ? { text: message } : message);

export const check = (message: Case) => checkMessage(input(message));

/** The signs the checker shows (none when the verdict is "no warning signs"). */
export const idsOf = (message: Case): SignId[] => [...new Set(check(message).signs.map((sign) => sign.id))];

/** The signs the rules find, whether or not the verdict shows them. */
export const foundIds = (message: Case): SignId[] => {
  const prepared = prepareMessage(input(message));
  return RULES.filter((rule) => rule.find(prepared).length > 0).map((rule) => rule.id);
};

export type SignCases = Record<string, { id: SignId; positives: Case[]; negatives: Case[] }>;

/**
 * One describe per kind of sign: each positive must be found by the rules (whatever the verdict),
 * and no negative may show the sign.
 */
export function describeSignCases(title: string, cases: SignCases) {
  describe(title, () => {
    for (const [name, { id, positives, negatives }] of Object.entries(cases)) {
      describe(`${name} (${id})`, () => {
        it.each(positives.map((message) => [JSON.stringify(message), message]))("finds it in %s", (_, message) => {
          expect(foundIds(message)).toContain(id);
        });
        it.each(negatives.map((message) => [JSON.stringify(message), message]))(
          "does not show it in %s",
          (_, message) => {
            expect(idsOf(message)).not.toContain(id);
          },
        );
      });
    }
  });
}
