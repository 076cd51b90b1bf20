import { translatorFor, type Translate } from "~/i18n/translate";
import type { SequencePlace } from "~/training/library/sequence-places";
import type { PracticeOutcome } from "./practice-results";

/**
 * What the family's results count: practice items, not messages. A scam told in steps (a
 * "wrong number" text, then friendly chat, then the crypto app; issue #36) is one item however
 * many of its steps went out, as the real scam is one scam; every other message is an item of its
 * own. Pure, so the rules are tested without a database.
 */

export interface ItemMessage {
  contactId: string;
  scenarioId: string;
  /** A review sends a scenario again as a new repeat: each telling of a sequence is its own item. */
  repeat: number;
  sentAt: Date;
  outcome: PracticeOutcome;
}

export interface PracticeItem<M extends ItemMessage> {
  /** Its messages, step order for a sequence; one message otherwise. */
  messages: M[];
  outcome: PracticeOutcome;
  /**
   * When its newest message went out: the item's day, week and month. A sequence belongs to the
   * week of its latest step, so last week's summary counts the step a person stopped it at.
   */
  sentAt: Date;
  /** Set for a scam told in steps. */
  sequence?: {
    id: string;
    steps: number;
    /** The furthest step that went out. */
    reached: number;
    /** The step the person answered on (reported, spotted, checked first or fell), if any. */
    answeredAt: number | null;
  };
}

/** How far a scam told in steps went: what its line in the results says. */
export type SequenceProgress = NonNullable<PracticeItem<ItemMessage>["sequence"]>;

/** Something the person did that ends the story for them, in the order the steps went out. */
const ANSWERS: readonly PracticeOutcome[] = ["reported", "spotted", "checked-first", "fell"];

/**
 * One outcome for the steps of a sequence (step order): the first step the person answered
 * decides it, so stopping the story at step 1 or 2 (reporting it, saying they spotted it, checking
 * first) is a spot for the whole scam, and pressing a step's button a fall. Unanswered, it is where
 * its newest step stands (waiting while that one is, and so on); a sequence none of whose steps
 * arrived was not delivered.
 */
export function sequenceOutcome(steps: readonly PracticeOutcome[]): PracticeOutcome {
  const answered = steps.find((outcome) => ANSWERS.includes(outcome));
  if (answered) return answered;
  const arrived = steps.filter((outcome) => outcome !== "not-delivered");
  return arrived.at(-1) ?? "not-delivered";
}

export function practiceItemsOf<M extends ItemMessage>(
  messages: readonly M[],
  sequenceOf: (scenarioId: string) => SequencePlace | undefined,
): PracticeItem<M>[] {
  const items: PracticeItem<M>[] = [];
  const runs = new Map<string, { place: SequencePlace; message: M }[]>();
  for (const message of messages) {
    const place = sequenceOf(message.scenarioId);
    if (!place) {
      items.push({ messages: [message], outcome: message.outcome, sentAt: message.sentAt });
      continue;
    }
    const key = JSON.stringify([message.contactId, place.id, message.repeat]);
    runs.set(key, [...(runs.get(key) ?? []), { place, message }]);
  }
  for (const run of runs.values()) {
    run.sort((a, b) => a.place.step - b.place.step || a.message.sentAt.getTime() - b.message.sentAt.getTime());
    const outcomes = run.map(({ message }) => message.outcome);
    const answered = run.find(({ message }) => ANSWERS.includes(message.outcome));
    items.push({
      messages: run.map(({ message }) => message),
      outcome: sequenceOutcome(outcomes),
      sentAt: new Date(Math.max(...run.map(({ message }) => message.sentAt.getTime()))),
      sequence: {
        id: run[0]!.place.id,
        steps: Math.max(run[0]!.place.steps, ...run.map(({ place }) => place.step)),
        reached: Math.max(...run.map(({ place }) => place.step)),
        answeredAt: answered?.place.step ?? null,
      },
    });
  }
  return items.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
}

/**
 * How far a sequence went, for its line in the results: "A scam told in 3 steps: steps 1–2 sent;
 * stopped it at step 2", in `t`'s language (English unless given).
 */
export function sequenceProgress(
  item: Pick<PracticeItem<ItemMessage>, "outcome" | "sequence">,
  t: Translate = translatorFor("en"),
): string | null {
  const sequence = item.sequence;
  if (!sequence) return null;
  const told = { steps: sequence.steps, reached: sequence.reached };
  if (sequence.answeredAt === null) return t("trainingResults.sequence.told", told);
  return item.outcome === "fell"
    ? t("trainingResults.sequence.fell", { ...told, step: sequence.answeredAt })
    : t("trainingResults.sequence.stopped", { ...told, step: sequence.answeredAt });
}
