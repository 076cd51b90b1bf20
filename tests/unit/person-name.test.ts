import { describe, expect, it } from "vitest";
import {
  isPersonName,
  MAX_PERSON_NAME_LENGTH,
  MIXED_SCRIPT_MESSAGE,
  PERSON_NAME_MESSAGE,
  personName,
  STACKED_MARKS_MESSAGE,
  STYLED_NAME_MESSAGE,
} from "~/validation/fields";
import { nameForStranger, strangerNames } from "~/training/people/stranger-names";
import {
  childNoticeEmail,
  childNoticeText,
  consentNoticeEmail,
  consentNoticeText,
} from "~/training/people/training-emails";

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
    "王小明",
    "Анна Каренина",
    "D’Arcy",
    "Grandma Rose",
    "Sam",
    "a".repeat(MAX_PERSON_NAME_LENGTH),
    "María",
    "Jean-Luc",
    "O'Brien",
    "Nguyễn",
    "李",
    "さくら",
    "Jimin 지민",
    "Priya कें",
    "Anna Анна",
  ])("accepts %j", (name) => {
    expect(isPersonName(name)).toBe(true);
    expect(field.safeParse(name)).toEqual({ success: true, data: name });
  });

  it("takes an accent typed as a separate mark (as some keyboards send it) and stores the composed letter", () => {
    const decomposed = "Zoe\u0308 Combining";
    expect(isPersonName(decomposed)).toBe(true);
    expect(field.parse(decomposed)).toBe("Zo\u00eb Combining");
  });

  it.each([
    ["full-width letters", "Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ", STYLED_NAME_MESSAGE],
    ["mathematical bold letters", "𝐏𝐚𝐲𝐩𝐚𝐥", STYLED_NAME_MESSAGE],
    ["a ligature", "ﬁona", STYLED_NAME_MESSAGE],
    ["stacked combining marks", "Z̷̢̛a̸l̵g̶o̴", STACKED_MARKS_MESSAGE],
    ["two marks left on one Latin letter once composed", "Zoe\u0301\u0301\u0301", STACKED_MARKS_MESSAGE],
    ["three marks on a Devanagari letter", "क\u0947\u0902\u0901", STACKED_MARKS_MESSAGE],
    ["a mark on no letter", "Zoe \u0308", STACKED_MARKS_MESSAGE],
    ["a Cyrillic а inside a Latin word", "Pаypal Security", MIXED_SCRIPT_MESSAGE],
    ["a Greek ο inside a Latin word", "Bοb", MIXED_SCRIPT_MESSAGE],
  ])("refuses %s with a message that says what is wrong", (_label, name, message) => {
    expect(isPersonName(name)).toBe(false);
    expect(firstMessage(name)).toBe(message);
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

/**
 * Anything sent to an address that has not said yes names people only through nameForStranger:
 * a first name, or nothing. Names stored before today's field rule (or written by better-auth's
 * own endpoints) are checked again here, so the list holds names the field also refuses.
 */
describe("nameForStranger", () => {
  it.each([
    ["Dear Customer Your Parcel Is Held", "Dear"],
    ["Hello Dear Customer Your Parcel Is Held", "Hello"],
    ["Fraud Department. Verify Your Card Now", "Fraud"],
    ["Urgent Call Your Bank Now", "Urgent"],
    ["Dana Rivera", "Dana"],
    ["Mr. J. R. Ng", "Mr"],
    ["Анна Каренина", "Анна"],
    ["  Sam\n\tBank ", "Sam"],
  ])("keeps only the first word of %j", (name, shown) => {
    expect(nameForStranger(name)).toBe(shown);
  });

  it.each([
    ["full-width letters", "Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ"],
    ["mathematical bold letters", "𝐏𝐚𝐲𝐩𝐚𝐥"],
    ["stacked combining marks", "Z̷̢̛a̸l̵g̶o̴"],
    ["a Cyrillic а among Latin letters", "Pаypal"],
    ["a first word over 20 characters", "Supercalifragilisticexpialidocious Smith"],
    ["21 letters", "a".repeat(21)],
    ["a link", "paypal.com/verify"],
    ["a link after a space", "www.evil.example Now"],
    ["digits", "Call5550100 now"],
    ["a phone number", "+1 555 010 2000"],
    ["the stand-in for a person added at checkout without a name", "Family member 2"],
    ["markup", "<b>Bob</b>"],
    ["an email address", "bob@evil.example"],
    ["two hyphens", "Jean-Luc-Marie"],
    ["a leading hyphen", "-Bob"],
    ["an apostrophe at the end", "Bob'"],
    ["a colon", "Security:"],
    ["nothing", ""],
    ["spaces", "   "],
    ["null", null],
  ])("shows no name for %s", (_label, name) => {
    expect(nameForStranger(name)).toBeNull();
  });

  it.each(["María", "Jean-Luc", "O'Brien", "D’Arcy", "Nguyễn", "李", "Zoë", "王小明", "さくら", "कें", "a".repeat(20)])(
    "shows %j as it is",
    (name) => {
      expect(nameForStranger(name)).toBe(name);
    },
  );

  it("composes an accent typed as a separate mark", () => {
    expect(nameForStranger("Zoe\u0308")).toBe("Zo\u00eb");
  });

  it("words the notices neutrally when a name cannot be shown", () => {
    expect(strangerNames({ holderName: "Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ", contactName: "Pаypal" })).toEqual({
      holder: "Someone in your family",
      holderInSentence: "the person who added you",
      person: null,
      personInSentence: "the person this was meant for",
    });
    expect(strangerNames({ holderName: "Dana Rivera", contactName: "Gran Rose" })).toEqual({
      holder: "Dana",
      holderInSentence: "Dana",
      person: "Gran",
      personInSentence: "Gran",
    });
  });
});

describe("the consent notices, to addresses that have not said yes", () => {
  const BRAND = { productName: "scam-free", siteUrl: "https://scam-free.test", supportEmail: "help@scam-free.test" };
  const input = (holderName: string, contactName: string) => ({
    holderName,
    contactName,
    consentUrl: "https://scam-free.test/training/consent/abc",
    reportAddress: null,
  });
  const everyNotice = (holderName: string, contactName: string) => {
    const adult = consentNoticeEmail(BRAND, input(holderName, contactName));
    const child = childNoticeEmail(BRAND, input(holderName, contactName));
    return [
      adult.subject,
      adult.text,
      adult.html,
      child.subject,
      child.text,
      child.html,
      consentNoticeText(BRAND, input(holderName, contactName)),
      childNoticeText(BRAND, input(holderName, contactName)),
    ];
  };

  it("carry only the first word of each name", () => {
    for (const part of everyNotice("Fraud Department. Verify Your Card Now", "Dear Customer Your Parcel Is Held")) {
      expect(part).not.toMatch(/Department|Verify|Card|Customer|Parcel|Held/);
    }
    const [, adultText, , , childText, , adultSms, childSms] = everyNotice("Dana Rivera", "Sam Lee");
    expect(adultText).toContain("Hello Sam,");
    expect(adultText).toContain("Dana signed you up");
    expect(childText).toContain("Hi Sam!");
    expect(adultSms).toContain("scam-free: Dana signed you up");
    expect(childSms).toContain("scam-free: Hi Sam! Dana signed you up");
  });

  it("name nobody when the names cannot be shown", () => {
    const parts = everyNotice("Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ", "Z̷̢̛a̸l̵g̶o̴");
    for (const part of parts) expect(part).not.toMatch(/Ｐ|Z\u0337|\u0337/);
    const [, adultText, , , childText, , adultSms, childSms] = parts;
    expect(adultText).toMatch(/^Hello,$/m);
    expect(adultText).toContain("Someone in your family signed you up");
    expect(childText).toMatch(/^Hi!$/m);
    expect(adultSms).toContain("scam-free: Someone in your family signed you up");
    expect(childSms).toContain("scam-free: Hi! Someone in your family signed you up");
  });
});
