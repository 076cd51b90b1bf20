import { describe, expect, it } from "vitest";
import { sequencePlaces } from "~/training/library/sequence-places";
import {
  practiceItemsOf,
  sequenceOutcome,
  sequenceProgress,
  type ItemMessage,
} from "~/training/results/practice-items";

const DAY = 86_400_000;
const T0 = new Date("2026-11-02T16:00:00Z").getTime();
const places = sequencePlaces([
  { id: "crypto-1", sequence: { id: "crypto", step: 1 } },
  { id: "crypto-2", sequence: { id: "crypto", step: 2 } },
  { id: "crypto-3", sequence: { id: "crypto", step: 3 } },
  { id: "parcel" },
]);
const message = (
  scenarioId: string,
  day: number,
  outcome: ItemMessage["outcome"],
  extra: Partial<ItemMessage> = {},
): ItemMessage => ({ contactId: "jorge", scenarioId, repeat: 0, sentAt: new Date(T0 + day * DAY), outcome, ...extra });

describe("a scam told in steps counts as one item", () => {
  it("is decided by the first step the person answered: stopping at step 1 or 2 is a spot for the whole scam", () => {
    expect(sequenceOutcome(["no-response", "spotted"])).toBe("spotted");
    expect(sequenceOutcome(["reported"])).toBe("reported");
    expect(sequenceOutcome(["no-response", "checked-first", "fell"])).toBe("checked-first");
    expect(sequenceOutcome(["no-response", "no-response", "fell"])).toBe("fell");
    // Unanswered: where its newest step stands.
    expect(sequenceOutcome(["no-response", "waiting"])).toBe("waiting");
    expect(sequenceOutcome(["no-response", "not-delivered"])).toBe("no-response");
    expect(sequenceOutcome(["not-delivered", "not-delivered"])).toBe("not-delivered");
  });

  it("groups a person's steps of one telling, and leaves other messages, people and reviews apart", () => {
    const items = practiceItemsOf(
      [
        message("crypto-1", 0, "no-response"),
        message("parcel", 3, "fell"),
        message("crypto-2", 7, "spotted"),
        message("crypto-1", 0, "waiting", { contactId: "ana" }),
        message("crypto-1", 70, "waiting", { repeat: 1 }),
      ],
      places,
    );
    expect(items.map((item) => [item.messages.map((m) => m.scenarioId), item.outcome])).toEqual([
      [["crypto-1"], "waiting"],
      [["parcel"], "fell"],
      [["crypto-1", "crypto-2"], "spotted"],
      [["crypto-1"], "waiting"],
    ]);
    const jorgesScam = items[2]!;
    // It belongs to the week of its newest step: the step the person stopped it at.
    expect(jorgesScam.sentAt).toEqual(new Date(T0 + 7 * DAY));
    expect(jorgesScam.sequence).toEqual({ id: "crypto", steps: 3, reached: 2, answeredAt: 2 });
    expect(items[1]!.sequence).toBeUndefined();
  });

  it("says how far the scam went", () => {
    const [spotted] = practiceItemsOf(
      [message("crypto-1", 0, "no-response"), message("crypto-2", 7, "spotted")],
      places,
    );
    expect(sequenceProgress(spotted!)).toBe("A scam told in 3 steps: steps 1–2 sent; stopped it at step 2");
    const [fell] = practiceItemsOf([message("crypto-1", 0, "fell")], places);
    expect(sequenceProgress(fell!)).toBe("A scam told in 3 steps: step 1 sent; pressed the button at step 1");
    const [open] = practiceItemsOf([message("crypto-1", 0, "waiting")], places);
    expect(sequenceProgress(open!)).toBe("A scam told in 3 steps: step 1 sent");
    const [single] = practiceItemsOf([message("parcel", 0, "spotted")], places);
    expect(sequenceProgress(single!)).toBeNull();
  });
});
