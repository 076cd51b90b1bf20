import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, getToasts, subscribeToToasts, toast } from "~/ui/toast";

afterEach(() => {
  for (const shown of getToasts()) dismissToast(shown.id);
});

describe("the toast store", () => {
  it("keeps a toast raised before anything listens, for the toaster that subscribes later", () => {
    toast.success("Saved Grandma Rose's settings", { description: "Her next practice message goes out on Monday." });

    let notified = 0;
    const unsubscribe = subscribeToToasts(() => notified++);
    expect(getToasts()).toEqual([
      {
        id: expect.any(String),
        kind: "success",
        title: "Saved Grandma Rose's settings",
        description: "Her next practice message goes out on Monday.",
      },
    ]);

    // Raising one tells the listener at once, in the same call: nothing waits for a timer.
    toast.error("Login failed");
    expect(notified).toBe(1);
    unsubscribe();
    toast.success("Not heard");
    expect(notified).toBe(1);
  });

  it("tells a success from an error, newest first", () => {
    toast.success("Message sent!");
    toast.error("Missing information", { description: "Please fill in all required fields." });
    expect(getToasts().map(({ kind, title }) => [kind, title])).toEqual([
      ["error", "Missing information"],
      ["success", "Message sent!"],
    ]);
  });

  it("gives each toast its own id, and a toast raised again with the same id replaces it in place", () => {
    const ids = [toast.success("One"), toast.success("One"), toast.error("One")];
    expect(new Set(ids).size).toBe(3);
    expect(getToasts().map((shown) => shown.id)).toEqual([...ids].reverse());

    for (const shown of getToasts()) dismissToast(shown.id);
    toast.success("Subscription active!", { id: "subscription-active" });
    toast.success("Welcome back!");
    toast.success("Subscription active!", { id: "subscription-active", description: "Now with a description." });
    expect(getToasts().map(({ id, description }) => [id, description])).toEqual([
      [expect.any(String), undefined],
      ["subscription-active", "Now with a description."],
    ]);
  });

  it("keeps the three newest", () => {
    for (const title of ["First", "Second", "Third", "Fourth"]) toast.success(title);
    expect(getToasts().map((shown) => shown.title)).toEqual(["Fourth", "Third", "Second"]);
  });

  it("dismisses only the toast it names, and leaves the snapshot alone when there is nothing to remove", () => {
    const first = toast.success("First");
    const second = toast.error("Second");
    const third = toast.success("Third");

    dismissToast(second);
    expect(getToasts().map((shown) => shown.id)).toEqual([third, first]);

    const before = getToasts();
    dismissToast(second);
    expect(getToasts()).toBe(before);
  });
});
