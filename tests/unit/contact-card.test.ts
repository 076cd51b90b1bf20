import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ContactCard } from "~/training/people/contact-card";
import { channelSetting, type AddressView, type ContactView } from "~/training/people/contact-view";

/** A person's card on Your Training Program: what it says after their email and phone (issue #35). */
function jorge(overrides: Partial<ContactView> = {}, state: AddressView["state"] = "agreed"): ContactView {
  const address = (channel: AddressView["channel"], value: string): AddressView => ({
    channel,
    address: value,
    state,
    since: null,
    how: null,
    paused: null,
    resting: null,
    delivery: null,
  });
  return {
    id: "jorge",
    name: "Jorge",
    ageBand: "older-adult",
    ageBandLabel: "Older adult",
    email: "jorge@example.com",
    phone: "+1 202 555 0142",
    emailEnabled: true,
    smsEnabled: true,
    timeZone: "America/New_York",
    language: "en",
    status: "active",
    statusLabel: "Active",
    minor: false,
    ageBandSet: true,
    isHolder: false,
    guardianConfirmedAt: null,
    addresses: [address("email", "jorge@example.com"), address("sms", "+1 202 555 0142")],
    noticeSentAt: null,
    ...overrides,
  };
}

function card(contact: ContactView): string {
  const Stub = createRoutesStub([
    {
      id: "training",
      path: "/account/training",
      Component: () => createElement(ContactCard, { contact, editable: true }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/account/training"] }))
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the contact card's email and phone lines", () => {
  it("says emails on and texts on for someone who said yes", () => {
    const text = card(jorge());
    expect(text).toContain("jorge@example.com · emails on");
    expect(text).toContain("+1 202 555 0142 · texts on");
  });

  it("shows email practice resting after 'Report spam' as news, not in the danger colour of a failing address", () => {
    const resting =
      "Email practice rests until Jan 3: Jorge marked a practice email as spam, which is just what we teach.";
    const contact = jorge();
    contact.addresses = [{ ...contact.addresses[0]!, resting }, contact.addresses[1]!];
    const Stub = createRoutesStub([
      { path: "/account/training", Component: () => createElement(ContactCard, { contact, editable: true }) },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/account/training"] }));
    const line = new RegExp(`<span class="([^"]+)">${resting}</span>`).exec(html);
    expect(line?.[1]).toBeDefined();
    expect(line![1]).not.toContain("danger");
  });

  it("says they stopped, never 'emails on', once the person opted out", () => {
    const text = card(jorge({ status: "opted-out", statusLabel: "Opted out" }, "opted-out"));
    expect(text).toContain("jorge@example.com · they stopped practice emails");
    expect(text).toContain("+1 202 555 0142 · they stopped practice texts");
    expect(text).not.toMatch(/emails on|texts on/);
  });

  it("says they stopped at one address while the other still gets practice messages", () => {
    const contact = jorge();
    contact.addresses[0] = { ...contact.addresses[0]!, state: "opted-out" };
    expect(channelSetting(contact, "email")).toEqual({ text: "they stopped practice emails", stopped: true });
    expect(channelSetting(contact, "sms")).toEqual({ text: "texts on", stopped: false });
  });

  it("says emails off when the holder turned them off", () => {
    expect(channelSetting(jorge({ emailEnabled: false }), "email")).toEqual({ text: "emails off", stopped: false });
  });
});
