import { describe, expect, it } from "vitest";
import type { AddressView, ContactView } from "~/training/people/contact-view";
import { setupSteps } from "~/training/people/setup-checklist";

/** The three set-up steps at the top of Your Training Program, and when the list goes away. */
function person(overrides: Partial<ContactView> & { name: string }): ContactView {
  const address: AddressView = {
    channel: "email",
    address: `${overrides.name.toLowerCase()}@example.com`,
    state: "waiting",
    since: null,
    how: null,
    paused: null,
    delivery: null,
  };
  return {
    id: overrides.name,
    ageBand: "adult",
    ageBandLabel: "Adult",
    email: address.address,
    phone: null,
    emailEnabled: true,
    smsEnabled: false,
    timeZone: "America/New_York",
    status: "waiting",
    statusLabel: "Waiting for consent",
    minor: false,
    ageBandSet: true,
    isHolder: false,
    guardianConfirmedAt: null,
    addresses: [address],
    noticeSentAt: null,
    ...overrides,
  };
}
const asked = (view: ContactView): ContactView => ({
  ...view,
  addresses: view.addresses.map((address) => ({ ...address, state: "asked" as const })),
});

describe("the set-up checklist", () => {
  it("lists what is left for each step, by name", () => {
    const { steps, complete } = setupSteps([
      person({ name: "Rosa", ageBandSet: false }),
      person({ name: "Sam", minor: true, ageBand: "child" }),
      person({ name: "Carlos" }),
    ]);
    expect(complete).toBe(false);
    expect(steps.map((step) => step.left)).toEqual([
      "Choose the age group of Rosa (Edit, on their card).",
      "Confirm that you are the parent or guardian of Sam.",
      "Send Carlos the notice: nothing goes to anyone until they say yes from their own inbox or phone.",
    ]);
  });

  it("is done once every age group is chosen, every child confirmed and every address asked", () => {
    const family = [
      asked(person({ name: "Rosa" })),
      asked(person({ name: "Sam", minor: true, ageBand: "child", guardianConfirmedAt: "2026-11-20T00:00:00Z" })),
    ];
    expect(setupSteps(family).complete).toBe(true);
  });

  it("leaves out people who asked not to get practice messages", () => {
    const family = [asked(person({ name: "Rosa" })), person({ name: "Lee", status: "opted-out" })];
    expect(setupSteps(family).complete).toBe(true);
  });
});
