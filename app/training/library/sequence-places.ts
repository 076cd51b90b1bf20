/**
 * Where each scenario sits in a scam told in steps (issue #36), from the library's own scenarios:
 * the results count a sequence as one item, and the feedback page's "story so far" shows its
 * earlier steps. Here, in the library, because both read it.
 */

/** Where a scenario sits in a scam told in steps: `steps` is how many the library has for it. */
export interface SequencePlace {
  id: string;
  step: number;
  steps: number;
}

/** Each sequence's place, from the library's scenarios: how many steps its sequence has. */
export function sequencePlaces(
  scenarios: readonly { id: string; sequence?: { id: string; step: number } }[],
): (scenarioId: string) => SequencePlace | undefined {
  const steps = new Map<string, number>();
  for (const { sequence } of scenarios) {
    if (sequence) steps.set(sequence.id, Math.max(steps.get(sequence.id) ?? 0, sequence.step));
  }
  const places = new Map<string, SequencePlace>();
  for (const { id, sequence } of scenarios) {
    if (sequence) places.set(id, { ...sequence, steps: steps.get(sequence.id)! });
  }
  return (scenarioId) => places.get(scenarioId);
}
