import { describe, expect, it } from "vitest";
import { createRenderSlots } from "../../http/render-slots";

describe("render slots", () => {
  it("lets `size` through at once and the rest in the order they came, each as a slot is given back", async () => {
    const slots = createRenderSlots(2);
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const all = Array.from({ length: 5 }, (_, n) =>
      slots.take().then((release) => {
        started.push(n);
        releases.push(release);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1]);
    releases[0]!();
    releases[0]!(); // giving the same slot back twice frees one slot, not two
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2]);
    releases[1]!();
    releases[2]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    await Promise.all(all);
    for (const release of releases) release();
    // Every slot is free again: two more start at once.
    const again = await Promise.all([slots.take(), slots.take()]);
    expect(again).toHaveLength(2);
  });
});
