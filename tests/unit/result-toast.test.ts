import { afterEach, describe, expect, it } from "vitest";
import { alreadyAnnounced, announceServerAnswer } from "~/ui/result-toast";
import { dismissToast, getToasts } from "~/ui/toast";

afterEach(() => {
  for (const shown of getToasts()) dismissToast(shown.id);
});

describe("answers announced by a route's clientAction", () => {
  it("shows the server's answer as a toast the moment it arrives, and passes the same object on", async () => {
    const answer = { ok: true, title: "Removed Cousin Lee", message: "They will get no more practice messages." };
    const passedOn = await announceServerAnswer(async () => answer);

    expect(passedOn).toBe(answer);
    expect(getToasts()).toEqual([
      { id: expect.any(String), kind: "success", title: "Removed Cousin Lee", description: answer.message },
    ]);
    // The form's own effect sees the same object in fetcher.data and leaves it alone.
    expect(alreadyAnnounced(answer)).toBe(true);
    expect(alreadyAnnounced({ ...answer })).toBe(false);
  });

  it("shows a refusal as an error toast", async () => {
    await announceServerAnswer(async () => ({ ok: false, title: "Too many notices", message: "Try tomorrow." }));
    expect(getToasts().map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: "error", title: "Too many notices" },
    ]);
  });

  it("passes on an answer that is not a form result without a toast", async () => {
    const other = { redirected: true };
    expect(await announceServerAnswer(async () => other)).toBe(other);
    expect(await announceServerAnswer(async () => null)).toBeNull();
    expect(getToasts()).toEqual([]);
    expect(alreadyAnnounced(other)).toBe(false);
    expect(alreadyAnnounced(null)).toBe(false);
  });

  it("lets a failed request fail as before, with no toast", async () => {
    await expect(
      announceServerAnswer(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).rejects.toThrow("Failed to fetch");
    expect(getToasts()).toEqual([]);
  });
});
