import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import {
  buildPracticeLibrary,
  practiceLibrary,
  loadPracticeLibrary,
  PracticeLibraryError,
} from "~/training/library/practice-library.server";
import {
  foreignDomains,
  frighteningWords,
  realBrandNames,
  realLookingPhoneNumbers,
} from "~/training/library/practice-safety-rules";
import {
  AGE_BANDS,
  cueCount,
  difficultyFor,
  phishScaleLevel,
  SCAM_TYPES,
  type PracticeScenario,
} from "~/training/library/practice-scenario-schema";
import { locateRedFlags, segmentText } from "~/training/library/red-flag-segments";
import { redFlagConsistencyProblems } from "~/training/library/practice-scenario-checks";
import { kindMatches, RED_FLAG_KINDS } from "~/training/library/red-flag-kinds";

describe("the real practice library", () => {
  const library = loadPracticeLibrary();

  it("loads, is valid, and has at least 30 email and 15 text scenarios", () => {
    const emails = library.scenarios.filter((s) => s.channel === "email");
    const texts = library.scenarios.filter((s) => s.channel === "sms");
    expect(emails.length).toBeGreaterThanOrEqual(30);
    expect(texts.length).toBeGreaterThanOrEqual(15);
    const files = (folder: string) =>
      readdirSync(folder).filter((name) => name.endsWith(".md") && name !== "README.md");
    expect(
      library
        .scenariosIn("en")
        .map((s) => `${s.id}.md`)
        .sort(),
    ).toEqual(files("content/practice").sort());
    // The Spanish scenarios (issue #39) are read from their own folder, every one of them.
    expect(
      library
        .scenariosIn("es")
        .map((s) => `${s.id}.md`)
        .sort(),
    ).toEqual(files("content/practice/es").sort());
  });

  it("covers every scam type", () => {
    const covered = new Set(library.scenarios.map((s) => s.scamType));
    expect(SCAM_TYPES.filter((type) => !covered.has(type))).toEqual([]);
  });

  it("has email and text scenarios for every age band, so scheduling always has a choice", () => {
    for (const channel of ["email", "sms"] as const) {
      for (const ageBand of AGE_BANDS) {
        expect(library.scenariosFor({ channel, ageBand }).length, `${channel} for ${ageBand}`).toBeGreaterThan(0);
      }
    }
  });

  it("is the same library the server loads and checks at start", () => {
    expect(practiceLibrary().scenarios.map((s) => s.id)).toEqual(library.scenarios.map((s) => s.id));
  });

  it("finds scenarios by id and by channel, age band, level and what was already sent", () => {
    const first = library.scenarios[0];
    expect(library.byId(first.id)).toBe(first);
    expect(library.byId("email-no-such-scenario")).toBeUndefined();

    const band = first.ageBands[0];
    const level = difficultyFor(first, band)!;
    const matches = library.scenariosFor({ channel: first.channel, ageBand: band, level });
    expect(matches).toContain(first);
    for (const scenario of matches) {
      expect(scenario.channel).toBe(first.channel);
      expect(scenario.ageBands).toContain(band);
      expect(difficultyFor(scenario, band)).toBe(level);
    }
    expect(
      library.scenariosFor({ channel: first.channel, ageBand: band, level, excludeIds: [first.id] }),
    ).not.toContain(first);
    // A band the scenario does not list never gets it.
    const otherBand = AGE_BANDS.find((b) => !first.ageBands.includes(b));
    if (otherBand) expect(library.scenariosFor({ channel: first.channel, ageBand: otherBand })).not.toContain(first);
  });

  it("keeps every child scenario to the gentle scam types", () => {
    const childTypes = new Set(library.scenarios.filter((s) => s.ageBands.includes("child")).map((s) => s.scamType));
    const gentle = [
      "fake-prize",
      "gaming-currency",
      "social-media",
      "qr-code",
      "skins-trading",
      "streamer-giveaway",
      "account-ban",
    ];
    for (const type of childTypes) expect(gentle).toContain(type);
  });
});

describe("NIST Phish Scale difficulty (TN 2276)", () => {
  it("sorts cue counts into few (1-8), some (9-14) and many (15+)", () => {
    expect([1, 8, 9, 14, 15, 40].map(cueCount)).toEqual(["few", "few", "some", "some", "many", "many"]);
  });

  it("follows the TN 2276 table: 3 = very, 2 = moderately, 1 = least difficult", () => {
    const table = [8, 14, 15].map((cues) =>
      (["high", "medium", "low"] as const).map((premise) => phishScaleLevel(cues, premise)),
    );
    expect(table).toEqual([
      [3, 3, 2], // few cues
      [3, 2, 2], // some cues
      [2, 2, 1], // many cues
    ]);
  });

  it("rates each age band by its own premise alignment", () => {
    const scenario = { difficulty: { cues: 5, premise: { child: "high", "older-adult": "low" } } } as const;
    expect(difficultyFor(scenario, "child")).toBe(3);
    expect(difficultyFor(scenario, "older-adult")).toBe(2);
    expect(difficultyFor(scenario, "adult")).toBeUndefined();
  });
});

describe("safety rules", () => {
  it("accepts only .example domains, and no IP addresses", () => {
    expect(
      foreignDomains(
        "Go to parcel-notice.example/track, write to help@desk.example, open invoice-2291.pdf (e.g. at 9 a.m., $4.99), or www.real-shop.com, first.last@bank.com, 192.168.0.1, x.example.org",
      ),
    ).toEqual(["192.168.0.1", "www.real-shop.com", "bank.com", "x.example.org"]);
  });

  it("accepts only phone numbers in the fictional 555-01xx range", () => {
    expect(
      realLookingPhoneNumbers(
        "Call +1 (202) 555-0147, (202) 555-0143, +1 202 555 0176 or 555-0143, not 555-1234, (800) 123-4567, +44 20 7946 0958 or 8005551234. Order 4471-2290, 10:42, $1,249.99, 1-2 hours.",
      ),
    ).toEqual(["555-1234", "(800) 123-4567", "+44 20 7946 0958", "8005551234"]);
  });

  it("finds real brand names as whole words, ignoring case except for everyday words", () => {
    expect(realBrandNames("PayPal, paypal, Cash  App, Bank of America, AT&T, Apple, UPS, Chase")).toEqual([
      "PayPal",
      "paypal",
      "Cash  App",
      "Bank of America",
      "AT&T",
      "Apple",
      "UPS",
      "Chase",
    ]);
    expect(realBrandNames("an apple a day, ups and downs, chase the ball, Googleplex-free, RobloxianX")).toEqual([]);
  });

  it("finds frightening words for child scenarios, with straight or curly apostrophes", () => {
    expect(frighteningWords("Don’t tell your parents! The police said... dice and diet are fine")).toEqual([
      "Don’t tell your parents",
      "police",
    ]);
  });
});

// ---- Malformed scenarios: each one written to a temporary directory and loaded like the real one.

type FrontMatter = Record<string, unknown>;

function validSms(): { frontMatter: FrontMatter; body: string } {
  return {
    frontMatter: {
      id: "sms-test",
      channel: "sms",
      title: "Parcel fee",
      scamType: "delivery",
      ageBands: ["adult", "older-adult"],
      difficulty: { cues: 6, premise: { adult: "high", "older-adult": "medium" } },
      from: { name: "ParcelDesk" },
      landing: {
        heading: "ParcelDesk redelivery",
        button: "Pay the fee",
        colour: "#5b2a86",
        path: "/parcel/redeliver",
        mark: "parcel",
      },
      asks: ["card-details"],
      nextTime: "Check parcels in the shop's own app.",
      sources: [
        {
          publisher: "Federal Trade Commission",
          title: "How To Recognize and Avoid Phishing Scams",
          url: "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
          date: "2022-09",
        },
      ],
      redFlags: [
        {
          quote: "your parcel is waiting",
          in: "body",
          why: "You were not expecting one.",
          coursePage: 27,
          page: "look-alike-senders-and-links",
        },
        { quote: "a fee of $1.99", in: "body", why: "A tiny fee is the hook.", coursePage: 26, page: "surprise-bills" },
        { quote: "within 12 hours", in: "body", why: "A rush.", coursePage: 11, page: "deadlines" },
      ],
    },
    body: "ParcelDesk: your parcel is waiting for a fee of $1.99. Pay within 12 hours: [[link]]",
  };
}

function validEmail(): { frontMatter: FrontMatter; body: string } {
  return {
    frontMatter: {
      id: "email-test",
      channel: "email",
      title: "Free coins",
      scamType: "gaming-currency",
      ageBands: ["child", "teen"],
      difficulty: { cues: 7, premise: { child: "high", teen: "medium" } },
      from: { name: "Coin Vault Rewards", address: "rewards-desk" },
      subject: "You won 5,000 free coins!",
      landing: {
        heading: "Claim your coins",
        button: "Claim my coins",
        colour: "#1d3f6e",
        path: "/claim",
        mark: "coins",
      },
      asks: ["password"],
      nextTime: "Coins only come from inside the game.",
      sources: [
        {
          publisher: "Federal Trade Commission",
          title: "How To Recognize and Avoid Phishing Scams",
          url: "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
          date: "2022-09",
        },
      ],
      redFlags: [
        { quote: "rewards-desk", in: "from", why: "Not the game company.", coursePage: 30, page: "free-game-money" },
        { quote: "free coins", in: "subject", why: "Too good to be true.", coursePage: 30, page: "free-game-money" },
        { quote: "in the next 10 minutes", in: "body", why: "A rush.", coursePage: 11, page: "deadlines" },
      ],
    },
    body: [
      "Hi {{firstName}}!",
      "You have been picked to get 5,000 free coins for your castle. Claim them in the next 10 minutes or they go to someone else who is waiting in the line behind you today.",
      "[[Claim your coins now]]",
      "Coin Vault Rewards team",
    ].join("\n\n"),
  };
}

const temporaryDirectories: string[] = [];
afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function scenarioFile(frontMatter: FrontMatter, body: string): string {
  return `---\n${stringify(frontMatter)}---\n${body}\n`;
}

/** Writes the scenarios into a fresh directory and returns the directory. */
function writeLibrary(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), "practice-"));
  temporaryDirectories.push(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

function problemsOf(directory: string, courseDirectory?: string): string[] {
  try {
    loadPracticeLibrary(directory, courseDirectory);
  } catch (error) {
    expect(error).toBeInstanceOf(PracticeLibraryError);
    return (error as PracticeLibraryError).problems;
  }
  return [];
}

type Change = (scenario: { frontMatter: FrontMatter; body: string }) => void;

/** Loads one changed scenario and returns its problems, each already prefixed with the file's path. */
function rejectsWith(base: () => { frontMatter: FrontMatter; body: string }, change: Change, fileName?: string) {
  const scenario = base();
  change(scenario);
  const name = fileName ?? `${scenario.frontMatter.id as string}.md`;
  const directory = writeLibrary({ [name]: scenarioFile(scenario.frontMatter, scenario.body) });
  const problems = problemsOf(directory);
  const file = path.join(directory, name);
  for (const problem of problems) expect(problem.startsWith(`${file}: `)).toBe(true);
  return problems.map((problem) => problem.slice(file.length + 2));
}

const redFlags = (s: { frontMatter: FrontMatter }) => s.frontMatter.redFlags as Array<Record<string, unknown>>;

describe("library validation", () => {
  it("accepts the valid fixtures, so every rejection below is caused by its one change", () => {
    const directory = writeLibrary({
      "sms-test.md": scenarioFile(validSms().frontMatter, validSms().body),
      "email-test.md": scenarioFile(validEmail().frontMatter, validEmail().body),
    });
    expect(problemsOf(directory)).toEqual([]);
    expect(loadPracticeLibrary(directory).scenarios.map((s) => s.id)).toEqual(["email-test", "sms-test"]);
  });

  it("rejects a missing field", () => {
    expect(rejectsWith(validSms, (s) => delete s.frontMatter.title)).toEqual([`missing field "title"`]);
    expect(rejectsWith(validSms, (s) => delete s.frontMatter.from)).toEqual([`missing field "from"`]);
    expect(rejectsWith(validSms, (s) => delete redFlags(s)[1].why)).toEqual([`red flag 2: missing field "why"`]);
    expect(rejectsWith(validEmail, (s) => delete s.frontMatter.subject)).toEqual([
      `missing field "subject" (every email needs one)`,
      `red flag 2 quote "free coins" is not in the subject as delivered`,
    ]);
  });

  it("rejects unknown fields, wrong values and broken front matter", () => {
    expect(rejectsWith(validSms, (s) => (s.frontMatter.subjet = "typo"))).toEqual([`unknown field "subjet"`]);
    expect(rejectsWith(validSms, (s) => ((s.frontMatter.landing as FrontMatter).field = "Your card number"))).toEqual([
      `unknown field "landing.field"`,
    ]);
    expect(rejectsWith(validSms, (s) => (s.frontMatter.scamType = "lottery"))[0]).toMatch(
      /^"scamType" must be one of fake-prize, romance/,
    );
    const directory = writeLibrary({ "sms-test.md": "---\nid: [unclosed\n---\nbody" });
    expect(problemsOf(directory)[0]).toMatch(/sms-test\.md: the front matter is not valid YAML/);
    const noFrontMatter = writeLibrary({ "sms-test.md": "Just a body" });
    expect(problemsOf(noFrontMatter)[0]).toMatch(/sms-test\.md: the file must start with YAML front matter/);
  });

  it("rejects a red flag whose quote is not in its field", () => {
    expect(rejectsWith(validSms, (s) => (redFlags(s)[1].quote = "a fee of $2.99"))).toEqual([
      `red flag 2 quote "a fee of $2.99" is not in the body as delivered`,
    ]);
    // The quote must be in the field it names, not just anywhere in the message.
    expect(rejectsWith(validEmail, (s) => (redFlags(s)[0].in = "subject"))).toEqual([
      `red flag 1 quote "rewards-desk" is not in the subject as delivered`,
    ]);
    // Quotes are case-sensitive and exact.
    expect(rejectsWith(validSms, (s) => (redFlags(s)[2].quote = "Within 12 hours"))).toEqual([
      `red flag 3 quote "Within 12 hours" is not in the body as delivered`,
    ]);
  });

  it("rejects overlapping quotes, which could not each be highlighted", () => {
    expect(
      rejectsWith(validSms, (s) =>
        redFlags(s).push({ quote: "$1.99. Pay within", in: "body", why: "x", coursePage: 11, page: "deadlines" }),
      ),
    ).toEqual([
      "red flags 2 and 4 overlap in the body; quote different words",
      "red flags 3 and 4 overlap in the body; quote different words",
    ]);
  });

  it("rejects too few or too many red flags, and fewer cues than red flags", () => {
    expect(rejectsWith(validSms, (s) => redFlags(s).pop())).toEqual(["a scenario needs 3 to 6 red flags"]);
    expect(rejectsWith(validSms, (s) => ((s.frontMatter.difficulty as { cues: number }).cues = 2))[0]).toMatch(
      /^difficulty.cues is 2 but 3 red flags are listed/,
    );
  });

  it("rejects a course page that does not exist", () => {
    expect(rejectsWith(validSms, (s) => (redFlags(s)[0].coursePage = 47))).toEqual([
      `red flag 1: "coursePage" must be a course page number from 1 to 46`,
    ]);
    expect(rejectsWith(validSms, (s) => (redFlags(s)[0].coursePage = 0))).toEqual([
      `red flag 1: "coursePage" must be a course page number from 1 to 46`,
    ]);
    // In range, but the page file is missing from the course folder.
    const courseDirectory = mkdtempSync(path.join(tmpdir(), "course-"));
    temporaryDirectories.push(courseDirectory);
    for (const page of ["11-urgency.mdx", "26-phishing.mdx"]) writeFileSync(path.join(courseDirectory, page), "");
    const directory = writeLibrary({ "sms-test.md": scenarioFile(validSms().frontMatter, validSms().body) });
    expect(problemsOf(directory, courseDirectory)).toEqual([
      `${path.join(directory, "sms-test.md")}: red flag 1 coursePage 27 is not a page of the course (content/course/scam-free/)`,
    ]);
  });

  it("rejects a red flag without the red-flag page of its kind, or with a page that is not a page's name", () => {
    expect(rejectsWith(validSms, (s) => delete redFlags(s)[0].page)).toEqual([
      `red flag 1: missing field "page" (a red-flag page, such as deadlines)`,
    ]);
    expect(rejectsWith(validSms, (s) => (redFlags(s)[1].page = "Surprise bills.md"))).toEqual([
      `red flag 2: "page" must be the name of a page in content/red-flags/ without .md, such as deadlines`,
    ]);
  });

  it("rejects a domain that is not .example anywhere in the scenario", () => {
    expect(
      rejectsWith(validSms, (s) => (s.body = s.body.replace("Pay within", "See parcel-desk.com. Pay within"))),
    ).toEqual([`body has the domain "parcel-desk.com"; every domain must end in .example`]);
    expect(
      rejectsWith(
        validEmail,
        (s) => (s.body = s.body.replace("[[Claim your coins now]]", "[[https://coins.example.net/claim]]")),
      ),
    ).toEqual([`body has the domain "coins.example.net"; every domain must end in .example`]);
    expect(
      rejectsWith(validEmail, (s) => ((s.frontMatter.landing as FrontMatter).heading = "Welcome to 10.0.0.7")),
    ).toEqual([`landing.heading has the domain "10.0.0.7"; every domain must end in .example`]);
    expect(rejectsWith(validEmail, (s) => (s.frontMatter.nextTime = "Report it at reportfraud.ftc.gov."))).toEqual([
      `nextTime has the domain "reportfraud.ftc.gov"; every domain must end in .example`,
    ]);
    const emailOnCom = rejectsWith(validEmail, (s) => {
      (s.frontMatter.from as FrontMatter).address = "rewards@coinvault.com";
      redFlags(s)[0].quote = "coinvault.com";
    });
    expect(emailOnCom).toContain(
      `from.address "rewards@coinvault.com" must be only the part before the "@" (lower-case letters, digits, dots and hyphens): the email leaves from it at the practice mail domain`,
    );
    expect(emailOnCom).toContain(`from.address has the domain "coinvault.com"; every domain must end in .example`);
  });

  it("rejects real brand and agency names as whole words in the message", () => {
    expect(rejectsWith(validSms, (s) => (s.body = s.body.replace("ParcelDesk:", "FedEx:")))).toEqual([
      `body names the real brand or agency "FedEx"; use an invented name`,
    ]);
    expect(rejectsWith(validEmail, (s) => (s.frontMatter.subject = "Your paypal free coins"))).toEqual([
      `subject names the real brand or agency "paypal"; use an invented name`,
    ]);
    expect(rejectsWith(validEmail, (s) => ((s.frontMatter.from as FrontMatter).name = "Roblox Rewards"))).toEqual([
      `from.name names the real brand or agency "Roblox"; use an invented name`,
    ]);
    // Our own explanation may name the agency a scam pretends to be.
    expect(rejectsWith(validSms, (s) => (s.frontMatter.nextTime = "The IRS never texts about refunds."))).toEqual([]);
  });

  it("rejects what only costs practice mail its inbox: a shouted sender name, three or more '!' (issue #40)", () => {
    expect(rejectsWith(validEmail, (s) => ((s.frontMatter.from as FrontMatter).name = "Coin Vault WINNERS"))).toEqual([
      `the sender's name has the all-caps word "WINNERS"; write it in ordinary capitals (spam filters score shouted sender names)`,
    ]);
    expect(
      rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "Hi {{firstName}}!!!"))),
    ).toEqual([`the body has three or more "!" in a row; use at most two (spam filters score "!!!")`]);
    // Short acronyms and a double "!!" are how these scams write: they stay.
    expect(
      rejectsWith(validEmail, (s) => {
        (s.frontMatter.from as FrontMatter).name = "Coin Vault VIP Rewards";
        s.body = s.body.replace("Hi {{firstName}}!", "Hi {{firstName}}!!");
      }),
    ).toEqual([]);
  });

  it("rejects a phone number outside 555-01xx", () => {
    expect(
      rejectsWith(validSms, (s) => (s.body = s.body.replace("[[link]]", "[[link]] or call 1-800-432-1188"))),
    ).toEqual([`body has the phone number "800-432-1188"; only the fictional 555-01xx range is allowed`]);
    expect(rejectsWith(validSms, (s) => ((s.frontMatter.from as FrontMatter).name = "+1 (202) 555-1234"))).toEqual([
      `from.name "+1 (202) 555-1234" is a number; give the landing page a "landing.organisation"`,
      `from.name has the phone number "+1 (202) 555-1234"; only the fictional 555-01xx range is allowed`,
    ]);
  });

  it("takes only what arrives: an email's sender before the @, nothing of a text's sender, no placeholder", () => {
    // A text arrives from our own number: it has no address of its own and no red flag on its sender.
    expect(
      rejectsWith(validSms, (s) => {
        (s.frontMatter.from as FrontMatter).address = "+1 (202) 555-0147";
        redFlags(s)[0] = {
          quote: "ParcelDesk",
          in: "from",
          why: "A name.",
          coursePage: 27,
          page: "look-alike-senders-and-links",
        };
      }),
    ).toEqual([
      `a text message arrives from the Training Program's own number; remove "from.address"`,
      `red flag 1 points at the sender, but a text arrives from the Training Program's own number; quote the message instead`,
    ]);
    // An email's domain is the practice domain, whatever the scenario would like it to be.
    expect(rejectsWith(validEmail, (s) => (redFlags(s)[0].quote = "rewards-desk@"))).toEqual([
      `red flag 1 quote "rewards-desk@" reaches past the "@": the domain there is the practice domain, not the scenario's`,
    ]);
    expect(rejectsWith(validEmail, (s) => delete (s.frontMatter.from as FrontMatter).address)).toEqual([
      `missing field "from.address" (the part before the "@", such as "fraud-alerts")`,
      `red flag 1 quote "rewards-desk" is not in the sender's name or address as delivered`,
    ]);
    expect(rejectsWith(validEmail, (s) => (redFlags(s)[2].quote = "Hi {{firstName}}"))).toEqual([
      "red flag 3 quotes a placeholder; quote words that arrive as written",
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("{{firstName}}", "{{name}} {{"))).sort()).toEqual([
      `the body has "{{" or "}}" outside a placeholder`,
      "the body has the placeholder {{name}}; the only one is {{firstName}}",
    ]);
  });

  it("rejects a greeting written for someone else, and a landing page colour too light for its white text", () => {
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "Dear Mr. Okafor,")))).toEqual([
      `the message names "Mr. Okafor", someone outside the cast (content/CAST.md); greet the reader with {{firstName}} instead`,
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "My dearest Carol,")))).toEqual(
      [
        `the message names "Carol", someone outside the cast (content/CAST.md); greet the reader with {{firstName}} instead`,
      ],
    );
    // A first name of the cast may be greeted (a wrong-number text is meant for someone else); a role is no name.
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "Hi Mark,")))).toEqual([]);
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "Dear Customer,")))).toEqual(
      [],
    );
    expect(rejectsWith(validEmail, (s) => ((s.frontMatter.landing as FrontMatter).colour = "#7aa7e0"))).toEqual([
      "landing.colour #7aa7e0 is too light for white text on it (contrast 2.5:1, at least 4.5:1 needed)",
    ]);
  });

  it("rejects a child scenario of a frightening type or with frightening words", () => {
    expect(
      rejectsWith(validSms, (s) => {
        s.frontMatter.ageBands = ["child"];
        s.frontMatter.difficulty = { cues: 6, premise: { child: "high" } };
      }),
    ).toEqual([
      "scamType delivery is not for children; child scenarios may only be fake-prize, gaming-currency, social-media, qr-code, skins-trading, streamer-giveaway, account-ban",
    ]);
    expect(
      rejectsWith(
        validEmail,
        (s) => (s.body = s.body.replace("Hi {{firstName}}!", "Hi {{firstName}}! The police are looking for you.")),
      ),
    ).toEqual([`a child scenario must not be frightening; remove "police"`]);
    expect(rejectsWith(validEmail, (s) => (redFlags(s)[2].why = "Do not tell your parents about it."))).toEqual([
      `a child scenario must not be frightening; remove "Do not tell your parents"`,
    ]);
  });

  it("rejects a band the story does not fit, naming the band and the reason (issue #35)", () => {
    const problems = rejectsWith(validSms, (s) => (s.frontMatter.title = "Web hosting renewal"));
    expect(problems).toEqual([
      expect.stringMatching(
        /^the story does not fit the band older-adult: it is about running a website or a business .*\(found "Web hosting"\); remove older-adult from ageBands and difficulty\.premise, or change the story$/,
      ),
    ]);
  });

  it("rejects romance for teenagers", () => {
    expect(
      rejectsWith(validSms, (s) => {
        s.frontMatter.scamType = "romance";
        s.frontMatter.ageBands = ["teen", "adult"];
        s.frontMatter.difficulty = { cues: 6, premise: { teen: "high", adult: "high" } };
      }),
    ).toEqual(["scamType romance is for adults only, not teen"]);
  });

  it("rejects the wrong number of link markers", () => {
    expect(rejectsWith(validSms, (s) => (s.body = s.body.replace("[[link]]", "")))).toEqual([
      "the body must have exactly one [[...]] link marker; it has 0",
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body += "\n\n[[Or here]]"))).toEqual([
      "the body must have exactly one [[...]] link marker; it has 2",
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body += " [[broken"))).toEqual([
      "the body must have exactly one [[...]] link marker; it has 1 and stray brackets",
    ]);
    expect(rejectsWith(validSms, (s) => (s.body = s.body.replace("[[link]]", "[[Tap here]]")))).toEqual([
      "a text message's link marker must be exactly [[link]], not [[Tap here]]",
    ]);
  });

  it("rejects HTML and Markdown in the body", () => {
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "<b>Hi</b>")))).toEqual([
      `the body must be plain text, without HTML or Markdown such as "<b>"`,
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "**Hi**")))).toEqual([
      `the body must be plain text, without HTML or Markdown such as "**"`,
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body = s.body.replace("Hi {{firstName}}!", "# Hi")))).toEqual([
      `the body must be plain text, without HTML or Markdown such as "#"`,
    ]);
  });

  it("rejects a text message over 300 characters, a subject on a text, and an email body outside 40-180 words", () => {
    const long = rejectsWith(
      validSms,
      (s) => (s.body = `${"x".repeat(301 - s.body.length + "[[link]]".length)}${s.body}`),
    );
    expect(long).toEqual(["the text message is 301 characters without the link; at most 300 fit"]);
    const exactly300 = rejectsWith(
      validSms,
      (s) => (s.body = `${"x".repeat(300 - s.body.length + "[[link]]".length)}${s.body}`),
    );
    expect(exactly300).toEqual([]);
    expect(rejectsWith(validSms, (s) => (s.frontMatter.subject = "Parcel"))).toEqual([
      `a text message has no subject; remove "subject"`,
    ]);
    expect(rejectsWith(validEmail, (s) => (s.body = "Claim your coins in the next 10 minutes: [[Claim]]"))).toEqual([
      "the email body has 9 words; it must have 40 to 180",
    ]);
  });

  it("rejects an id that is not the file name, or not prefixed with its channel", () => {
    expect(rejectsWith(validSms, () => {}, "sms-other.md")).toEqual([
      `id "sms-test" must equal the file name "sms-other"`,
    ]);
    expect(rejectsWith(validSms, (s) => (s.frontMatter.id = "email-parcel"))).toEqual([
      `id "email-parcel" must start with "sms-"`,
    ]);
  });

  it("rejects a duplicate id", () => {
    const text = scenarioFile(validSms().frontMatter, validSms().body);
    const pages = new Set(Array.from({ length: 46 }, (_, i) => i + 1));
    expect(() =>
      buildPracticeLibrary(
        [
          { file: "content/practice/sms-test.md", text },
          { file: "content/practice/more/sms-test.md", text },
        ],
        { coursePages: pages },
      ),
    ).toThrow(`content/practice/more/sms-test.md: duplicate id "sms-test" (also used by content/practice/sms-test.md)`);
  });

  it("rejects a scenario without 1 to 3 dated https sources", () => {
    expect(rejectsWith(validSms, (s) => delete s.frontMatter.sources)).toEqual([`missing field "sources"`]);
    expect(rejectsWith(validSms, (s) => (s.frontMatter.sources = []))).toEqual(["a scenario needs 1 to 3 sources"]);
    const source = (s: { frontMatter: FrontMatter }) => (s.frontMatter.sources as FrontMatter[])[0]!;
    expect(rejectsWith(validSms, (s) => (source(s).url = "http://consumer.ftc.gov/x"))).toEqual([
      `source 1: "sources.url" must be an https address`,
    ]);
    expect(rejectsWith(validSms, (s) => (source(s).date = "September 2022"))).toEqual([
      `source 1: "sources.date" must be a date such as "2025-03" or "2025-03-14"`,
    ]);
  });

  it("rejects premise ratings that do not match the age bands", () => {
    expect(
      rejectsWith(
        validSms,
        (s) => ((s.frontMatter.difficulty as { premise: FrontMatter }).premise = { adult: "high", teen: "low" }),
      ),
    ).toEqual([
      "difficulty.premise must rate exactly the age bands in ageBands (ageBands: adult, older-adult; premise: adult, teen)",
    ]);
  });

  it("reports every problem in every file at once, each with its file name", () => {
    const broken = validSms();
    delete broken.frontMatter.title;
    const alsoBroken = validEmail();
    alsoBroken.frontMatter.subject = "Your Netflix free coins";
    const directory = writeLibrary({
      "sms-test.md": scenarioFile(broken.frontMatter, broken.body),
      "email-test.md": scenarioFile(alsoBroken.frontMatter, alsoBroken.body),
      "README.md": "Not a scenario: writers' notes are skipped.",
    });
    expect(() => loadPracticeLibrary(directory)).toThrow(
      [
        "The practice library has 2 problems:",
        `  ${path.join(directory, "email-test.md")}: subject names the real brand or agency "Netflix"; use an invented name`,
        `  ${path.join(directory, "sms-test.md")}: missing field "title"`,
      ].join("\n"),
    );
  });

  it("stops the build: the check script exits 1 with the file name and reason", () => {
    const broken = validSms();
    redFlags(broken)[1].quote = "a fee of $9.99";
    const directory = writeLibrary({ "sms-test.md": scenarioFile(broken.frontMatter, broken.body) });
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", directory], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `${path.join(directory, "sms-test.md")}: red flag 2 quote "a fee of $9.99" is not in the body as delivered`,
    );

    const valid = writeLibrary({ "sms-test.md": scenarioFile(validSms().frontMatter, validSms().body) });
    const ok = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", valid], {
      encoding: "utf8",
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("Practice library, English: 1 scenario is valid (0 email, 1 text).");
  });
});

describe("consistent red flags: the same kind of part gets the same verdict in every message (issue 23)", () => {
  const kinds = (text: string) => kindMatches(text).map((match) => [match.kind, match.text]);

  it("finds prize claims, rushes and shouting capitals with a few explainable patterns", () => {
    expect(kinds("CONGRATS WINNER!!! ur numbr has won")).toEqual([
      ["shouting", "CONGRATS WINNER!!!"],
      ["prize", "WINNER"],
      ["prize", "won"],
    ]);
    expect(kinds("YOU WON!!! Your phone number was picked")).toEqual([
      ["shouting", "YOU WON!!!"],
      ["prize", "WON"],
      ["prize", "was picked"],
    ]);
    expect(kinds("Offer ends in 1 HOUR or prize go to next person!!!")).toEqual([
      ["rush", "ends in"],
      ["rush", "go to next"],
    ]);
    expect(kinds("Pay within 12 hours, by Friday or TODAY. Hurry, only 3 boxes are left!")).toEqual([
      ["rush", "within 12 hours"],
      ["rush", "by Friday"],
      ["rush", "TODAY"],
      ["rush", "Hurry"],
      ["rush", "only 3 boxes are left"],
    ]);
    // Ordinary words stay ordinary: a refusal, a quiz's length, excitement without capitals.
    expect(kinds("They won't be told. Find out in 1 minute! Good news!! Hi Sam!! I'm free today.")).toEqual([]);
  });

  function shoutingPair() {
    const flagged = validSms();
    flagged.frontMatter.id = "sms-flagged";
    flagged.body =
      "ParcelDesk: PARCEL ALERT!!! your parcel is waiting for a fee of $1.99. Pay within 12 hours: [[link]]";
    redFlags(flagged).push({
      quote: "PARCEL ALERT!!!",
      in: "body",
      why: "Shouting capitals are a clue.",
      coursePage: 27,
      page: "shouting-capitals",
    });
    const unmarked = validSms();
    unmarked.frontMatter.id = "sms-unmarked";
    unmarked.body = flagged.body;
    return { flagged, unmarked };
  }
  const reason = (directory: string) =>
    `${path.join(directory, "sms-unmarked.md")}: "PARCEL ALERT!!!" in the body is shouting capitals (an ALL-CAPS word of 2 or more letters followed by "!!" or more, such as "CONGRATS WINNER!!!"). ${path.join(directory, "sms-flagged.md")} counts shouting capitals as a red flag ("PARCEL ALERT!!!"), but no red flag of this message marks it: quote it as a red flag, or reword the message`;

  it("rejects a kind of part that is a red flag in one file and unmarked in another, with the file and the reason", () => {
    const { flagged, unmarked } = shoutingPair();
    const directory = writeLibrary({
      "sms-flagged.md": scenarioFile(flagged.frontMatter, flagged.body),
      "sms-unmarked.md": scenarioFile(unmarked.frontMatter, unmarked.body),
    });
    expect(problemsOf(directory)).toEqual([reason(directory)]);
  });

  it("accepts a kind counted once in a message, with its other places unquoted, and a file with nothing to compare", () => {
    const { flagged, unmarked } = shoutingPair();
    // Counted once ("PARCEL ALERT!!!"); the trainer gives "THANK YOU!!" half credit.
    flagged.body = flagged.body.replace("[[link]]", "[[link]] THANK YOU!!");
    const directory = writeLibrary({ "sms-flagged.md": scenarioFile(flagged.frontMatter, flagged.body) });
    expect(problemsOf(directory)).toEqual([]);
    const alone = writeLibrary({ "sms-unmarked.md": scenarioFile(unmarked.frontMatter, unmarked.body) });
    expect(problemsOf(alone)).toEqual([]);
  });

  it("stops the build: the check script exits 1 with the file name and the reason", () => {
    const { flagged, unmarked } = shoutingPair();
    const directory = writeLibrary({
      "sms-flagged.md": scenarioFile(flagged.frontMatter, flagged.body),
      "sms-unmarked.md": scenarioFile(unmarked.frontMatter, unmarked.body),
    });
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", directory], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(reason(directory));
  });

  const library = loadPracticeLibrary();

  it("passes on the real library, where every kind is a red flag somewhere, so the check has teeth", () => {
    expect(
      redFlagConsistencyProblems(library.scenarios.map((scenario) => ({ file: `${scenario.id}.md`, scenario }))),
    ).toEqual([]);
    for (const kind of RED_FLAG_KINDS) {
      const counted = library.scenarios.filter((scenario) =>
        scenario.redFlags.some((flag) => kindMatches(flag.quote).some((match) => match.kind === kind.id)),
      );
      expect(counted.length, kind.id).toBeGreaterThan(1);
    }
  });

  it("keeps child messages in a child's world: no business pages, lawn mowers or home owners", () => {
    for (const scenario of library.scenarios.filter((s) => s.ageBands.includes("child"))) {
      const text = [scenario.title, scenario.subject ?? "", scenario.body, scenario.landing.heading].join("\n");
      expect(text, scenario.id).not.toMatch(/business page|lawn mower|home ?owner/i);
    }
  });
});

describe("locateRedFlags", () => {
  function scenario(overrides: Partial<PracticeScenario>): PracticeScenario {
    const base = validEmail();
    return { ...(base.frontMatter as unknown as PracticeScenario), body: base.body, ...overrides };
  }

  it("numbers red flags in reading order (sender, subject, body top to bottom) and cuts each part into plain and highlighted pieces", () => {
    const located = locateRedFlags(
      scenario({
        from: { name: "Coin Vault Rewards", address: "rewards-desk" },
        subject: "You won 5,000 free coins!",
        body: "Hi gamer!\n\nClaim them in the next 10 minutes now.\n\n[[Claim your coins now]]\n\nThe team",
        redFlags: [
          { quote: "desk", in: "from", why: "a", coursePage: 30, page: "free-game-money" },
          { quote: "free coins", in: "subject", why: "b", coursePage: 30, page: "free-game-money" },
          { quote: "in the next 10 minutes", in: "body", why: "c", coursePage: 11, page: "deadlines" },
          { quote: "your coins now", in: "body", why: "d", coursePage: 27, page: "look-alike-senders-and-links" },
          { quote: "Coin Vault", in: "from", why: "e", coursePage: 10, page: "official-sounding-names" },
        ],
      }),
    );
    // Listed in the file as desk, free coins, 10 minutes, coins now, Coin Vault: numbered as read.
    expect(located.redFlags.map((f) => [f.number, f.part, f.redFlag.why])).toEqual([
      [1, "fromName", "e"],
      [2, "fromAddress", "a"],
      [3, "subject", "b"],
      [4, "body", "c"],
      [5, "body", "d"],
    ]);
    expect(located.fromName.segments).toEqual([
      { text: "Coin Vault", start: 0, end: 10, flag: 1, link: false },
      { text: " Rewards", start: 10, end: 18, flag: null, link: false },
    ]);
    // As delivered: the scenario's local part at the practice domain.
    expect(located.fromAddress.segments.map((s) => [s.text, s.flag])).toEqual([
      ["rewards-", null],
      ["desk", 2],
      ["@practice-domain.invalid", null],
    ]);
    expect(located.subject!.segments.map((s) => [s.text, s.flag])).toEqual([
      ["You won 5,000 ", null],
      ["free coins", 3],
      ["!", null],
    ]);
    // The link's brackets are gone; a quote inside the link text is highlighted and still a link.
    expect(located.body.text).toBe(
      "Hi gamer!\n\nClaim them in the next 10 minutes now.\n\nClaim your coins now\n\nThe team",
    );
    expect(located.body.paragraphs.map((p) => p.map((s) => [s.text, s.flag, s.link]))).toEqual([
      [["Hi gamer!", null, false]],
      [
        ["Claim them ", null, false],
        ["in the next 10 minutes", 4, false],
        [" now.", null, false],
      ],
      [
        ["Claim ", null, true],
        ["your coins now", 5, true],
      ],
      [["The team", null, false]],
    ]);
    for (const segment of located.body.segments)
      expect(located.body.text.slice(segment.start, segment.end)).toBe(segment.text);
  });

  it("keeps adjacent quotes as separate numbered pieces", () => {
    const located = locateRedFlags(
      scenario({
        body: "Act now today [[link]]",
        redFlags: [
          { quote: "Act now", in: "body", why: "a", coursePage: 11, page: "deadlines" },
          { quote: " today", in: "body", why: "b", coursePage: 11, page: "deadlines" },
          { quote: "Coin", in: "from", why: "c", coursePage: 10, page: "official-sounding-names" },
        ],
      }),
    );
    // "Coin" in the sender comes first on the page, so it is 1.
    expect(located.body.segments.map((s) => [s.text, s.flag, s.link])).toEqual([
      ["Act now", 2, false],
      [" today", 3, false],
      [" ", null, false],
      ["link", null, true],
    ]);
  });

  it("never loses text when highlights overlap (validation rejects those scenarios anyway)", () => {
    const segments = segmentText("abcdefgh", [
      { start: 1, end: 5, flag: 1 },
      { start: 3, end: 7, flag: 2 },
    ]);
    expect(segments.map((s) => [s.text, s.flag])).toEqual([
      ["a", null],
      ["bcde", 1],
      ["fg", 2],
      ["h", null],
    ]);
  });

  it("numbers every real scenario's red flags 1, 2, 3 … down the page", () => {
    for (const real of loadPracticeLibrary().scenarios) {
      const located = locateRedFlags(real);
      const seen = [located.fromName, located.fromAddress, located.subject, located.body]
        .flatMap((part) => part?.segments ?? [])
        .map((segment) => segment.flag)
        .filter((flag): flag is number => flag !== null);
      expect(seen, real.id).toEqual(located.redFlags.map((flag) => flag.number));
      expect(seen, real.id).toEqual(seen.map((_, index) => index + 1));
    }
  });

  it("locates every red flag of every real scenario", () => {
    for (const real of loadPracticeLibrary().scenarios) {
      const located = locateRedFlags(real);
      expect(
        located.redFlags.every((flag) => flag.part !== null),
        real.id,
      ).toBe(true);
      const parts = [located.subject, located.fromName, located.fromAddress, located.body].flatMap(
        (part) => part?.segments ?? [],
      );
      const numbers = new Set(parts.map((segment) => segment.flag).filter((flag) => flag !== null));
      expect(numbers.size, real.id).toBe(real.redFlags.length);
    }
  });
});
