import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AddressView, ContactView } from "~/training/people/contact-view";
import { setupSteps } from "~/training/people/setup-checklist";
import { SetupChecklistCard } from "~/training/people/setup-checklist-card";

/** The three set-up steps at the top of Your Training Program, and the "All set" line that replaces them. */
function person(overrides: Partial<ContactView> & { name: string }): ContactView {
  const address: AddressView = {
    channel: "email",
    address: `${overrides.name.toLowerCase()}@example.com`,
    state: "waiting",
    since: null,
    how: null,
    paused: null,
    resting: null,
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
    language: "en",
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

describe("the set-up checklist once it is done: an 'All set' line, never nothing (issue #35)", () => {
  const agreed = (view: ContactView, tested: boolean): ContactView => ({
    ...view,
    status: "active",
    addresses: view.addresses.map((address) => ({
      ...address,
      state: "agreed" as const,
      since: "2026-11-20T00:00:00Z",
      delivery: {
        steps: { service: "Email", steps: [], language: "en" },
        check: tested ? { sentAt: "2026-11-21T00:00:00Z", confirmedAt: "2026-11-21T00:05:00Z" } : null,
      },
    })),
  });
  const card = (contacts: ContactView[]) => renderToString(createElement(SetupChecklistCard, { contacts }));

  it("says everyone has said yes and messages reach them when every address agreed and its test arrived", () => {
    const family = [agreed(person({ name: "Jorge" }), true), agreed(person({ name: "Maria", isHolder: true }), true)];
    expect(setupSteps(family).allSet).toBe("All set: everyone has said yes and messages reach them.");
    const html = card(family);
    expect(html).toContain("All set: everyone has said yes and messages reach them.");
    expect(html).not.toContain("Set up your family");
  });

  it("says everyone has said yes, and how to be sure messages reach them, when an address was never tested", () => {
    const family = [agreed(person({ name: "Jorge" }), true), agreed(person({ name: "Leo" }), false)];
    expect(card(family)).toContain(
      "All set: everyone has said yes. To be sure practice messages reach them, send a test from their card.",
    );
  });

  it("says the notices are out while some answers are still to come, and leaves out anyone who stopped", () => {
    const family = [
      agreed(person({ name: "Jorge" }), true),
      asked(person({ name: "Leo" })),
      person({ name: "Lee", status: "opted-out" }),
    ];
    expect(card(family)).toContain(
      "All set: the notices are out. Practice messages start for each person once they say yes.",
    );
  });

  it("shows the steps, and no 'All set', while a step is left", () => {
    const html = card([person({ name: "Rosa", ageBandSet: false })]);
    expect(setupSteps([person({ name: "Rosa", ageBandSet: false })]).allSet).toBeNull();
    expect(html).toContain("Set up your family");
    expect(html).not.toContain("All set");
  });
});
