import { describe, expect, it } from "vitest";
import { classifyReply } from "~/training/tracking/reply-check";

/** Replies to verification drills, written as people text them. */
describe("a reply to a verification drill", () => {
  it("checks first: the code word, a call back on a known number, a question only the real person knows", () => {
    for (const reply of [
      "What's our code word?",
      "whats the family code word sweetie",
      "Tell me the safe word first",
      "I'll call you back on your old number",
      "I'm going to call your mom first",
      "I will call the bank on the number on the back of my card",
      "Let me call you back",
      "Prove it. What was the name of our first dog?",
      "I'll check with Dad before I do anything",
      "Calling the bank back first, thanks",
      "I need to verify this with my bank",
    ]) {
      expect(classifyReply(reply), reply).toBe("checked-first");
    }
  });

  it("gives something away: a code, a number, a yes to sending money", () => {
    for (const reply of [
      "482913",
      "Here's the code: 4 8 2 9",
      "ok the code is 552-019",
      "Yes I'll send it now",
      "I'll buy the cards after lunch",
      "Sending it now",
      "sure, how much money do you need?",
      "YES",
      "On my way to the bank",
      "my pin is the one I always use",
      // Checking first after the code is out: the code is already gone.
      "what's our code word? here is the code 8812",
    ]) {
      expect(classifyReply(reply), reply).toBe("gave-away");
    }
  });

  it("decides nothing on a reply that does neither", () => {
    for (const reply of ["Who is this?", "ok", "lol", "Wrong number", "I'm at work, talk later", "", "   ", "No"]) {
      expect(classifyReply(reply), reply).toBeNull();
    }
  });
});
