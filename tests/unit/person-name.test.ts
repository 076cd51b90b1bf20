import { describe, expect, it } from "vitest";
import { isPersonName, MAX_PERSON_NAME_LENGTH, PERSON_NAME_MESSAGE, personName } from "~/validation/fields";

const field = personName({ required: "Please enter a name." });
const firstMessage = (value: unknown) => {
  const parsed = field.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("the shared person-name field", () => {
  it.each([
    "Zoë O'Brien-Smith",
    "Mr. J. R. Ng",
    "José",
    "Zoe\u0308 Combining",
    "王小明",
    "Анна Каренина",
    "D’Arcy",
    "Grandma Rose",
    "Sam",
    "a".repeat(MAX_PERSON_NAME_LENGTH),
  ])("accepts %j", (name) => {
    expect(isPersonName(name)).toBe(true);
    expect(field.safeParse(name)).toEqual({ success: true, data: name });
  });

  it("trims before checking and keeps the trimmed name", () => {
    expect(field.parse(`  Dana Rivera  `)).toBe("Dana Rivera");
    expect(field.parse(` ${"a".repeat(MAX_PERSON_NAME_LENGTH)} `)).toHaveLength(MAX_PERSON_NAME_LENGTH);
  });

  it.each([
    ["a line break and a link", "Bob\nhttp://x"],
    ["a carriage return", "Bob\rSmith"],
    ["a tab", "Bob\tSmith"],
    ["an email address", "bob@x.com"],
    ["www.", "www.evil"],
    ["a domain", "Visit evil.example now"],
    ["a scheme", "http://evil"],
    ["a phone number", "Call 5550100"],
    ["one digit", "R2D2"],
    ["non-Latin digits", "Bob ٣"],
    ["markup", "<b>Bob</b>"],
    ["no letter at all", "-. '"],
    [`${MAX_PERSON_NAME_LENGTH + 1} characters`, "a".repeat(MAX_PERSON_NAME_LENGTH + 1)],
  ])("refuses %s with the clear message", (_label, name) => {
    expect(isPersonName(name)).toBe(false);
    expect(firstMessage(name)).toBe(PERSON_NAME_MESSAGE);
  });

  it("asks for a name when it is empty, blank or missing", () => {
    for (const value of ["", "   ", undefined, null, 42]) expect(firstMessage(value)).toBe("Please enter a name.");
  });

  it("says what is allowed", () => {
    expect(PERSON_NAME_MESSAGE).toBe(
      "Use letters, spaces, apostrophes, hyphens and full stops only (at most 60 characters).",
    );
  });
});
