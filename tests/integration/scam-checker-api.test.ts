/**
 * "Is this a scam?" over HTTP, on the production build (issue #25): `POST /api/check` and the
 * /check page's form post without JavaScript answer with the warning signs, refuse bad input with a
 * clear 4xx, limit each address, and keep nothing: no row anywhere changes (not even a counter),
 * nothing of the message reaches the log, and no answer may be cached.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { CHECK_LIMIT } from "~/check-page/check-limits.server";
import { CHECK_FIELD_LIMITS } from "~/check-page/check-request";
import { MAX_CHECK_TEXT } from "~/checker/check-message";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { DATABASE_TARGETS } from "../support/databases";
import { fingerprintTables } from "../support/table-fingerprint";

/** Words that must never reach the server's log. */
const MARKER = "Zephyrine-7731";
const SCAM_TEXT = `${MARKER} here. Hi Mom, this is my new number, I broke my phone. Can you send $300 in gift cards today? Don't tell Dad.`;

interface Harness {
  server: BuiltServer;
  /** Every table's row count and content hash (PGlite: with the server stopped, then started again). */
  snapshot(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** On PostgreSQL when CI gives one (the database is read while the server runs), else on PGlite. */
async function openHarness(): Promise<Harness> {
  const target = DATABASE_TARGETS[DATABASE_TARGETS.length - 1]!;
  if (target.name === "postgres") {
    const handle = await target.open();
    const server = await startBuiltServer({ databaseUrl: handle.url });
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    return {
      server,
      snapshot: () => fingerprintTables((text) => client.query(text)),
      close: async () => {
        await client.end();
        await server.stop();
        await handle.close();
      },
    };
  }
  const harness: Harness = {
    server: await startBuiltServer(),
    snapshot: async () => {
      const dataDir = harness.server.dataDir;
      await harness.server.stop();
      const handle = await openDatabase({ kind: "pglite", dataDir: `${dataDir}/pglite` });
      try {
        return await fingerprintTables((text) => handle.executeSql(text));
      } finally {
        await handle.close();
        harness.server = await startBuiltServer({ dataDir });
      }
    },
    close: () => harness.server.stop(),
  };
  return harness;
}

describe("the scam checker over HTTP", () => {
  let harness: Harness;
  let before: Record<string, string>;

  beforeAll(async () => {
    harness = await openHarness();
    before = await harness.snapshot();
  }, 120_000);
  afterAll(async () => harness?.close());

  const api = (body: string, contentType = "application/json", method = "POST") =>
    fetch(`${harness.server.url}/api/check`, {
      method,
      headers: contentType ? { "Content-Type": contentType } : {},
      body: method === "GET" ? undefined : body,
    });

  it("answers the warning signs with their places in the text, and forbids caching", async () => {
    const response = await api(JSON.stringify({ text: SCAM_TEXT, sender: "+1 (202) 555-0143" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = (await response.json()) as {
      verdict: string;
      signs: {
        id: string;
        field: string;
        quote: string;
        start: number;
        end: number;
        why: string;
        coursePage: string;
        learnMore: string;
      }[];
    };
    expect(answer.verdict).toBe("warning-signs");
    const ids = answer.signs.map((sign) => sign.id);
    expect(ids).toEqual(expect.arrayContaining(["new-number-relative", "unusual-payment", "secrecy"]));
    for (const sign of answer.signs.filter((found) => found.field === "text")) {
      expect(SCAM_TEXT.slice(sign.start, sign.end)).toBe(sign.quote);
      expect(sign.why.length).toBeGreaterThan(20);
      expect(sign.coursePage).toMatch(/^\/course\/scam-free\/\d+$/);
      expect(sign.learnMore).toMatch(/^\/red-flags\/[a-z-]+$/);
    }
  });

  it("says it found none for an ordinary message, never that it is safe", async () => {
    const response = await api(
      JSON.stringify({ text: "Running ten minutes late, start dinner without me. Love, Dad" }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ verdict: "none-found", signs: [], asks: [] });
  });

  it("refuses empty, oversized and malformed input with a clear message", async () => {
    const cases: [body: string, contentType: string, status: number, error: RegExp][] = [
      [JSON.stringify({ text: "" }), "application/json", 400, /Paste the message you want to check/],
      [JSON.stringify({ text: "   \n " }), "application/json", 400, /Paste the message you want to check/],
      [JSON.stringify({}), "application/json", 400, /Paste the message you want to check/],
      [
        JSON.stringify({ text: "a".repeat(MAX_CHECK_TEXT + 1) }),
        "application/json",
        413,
        /more than 20,000 characters/,
      ],
      [JSON.stringify({ text: "hello", links: "http://x.example" }), "application/json", 400, /links must be a list/],
      [
        JSON.stringify({ text: "hello", links: Array(21).fill("http://x.example") }),
        "application/json",
        400,
        /at most 20 links/,
      ],
      [JSON.stringify(["text"]), "application/json", 400, /Send an object/],
      ["{not json", "application/json", 400, /not valid JSON/],
      ["text=hello", "application/x-www-form-urlencoded", 415, /as JSON/],
    ];
    for (const [body, contentType, status, error] of cases) {
      const response = await api(body, contentType);
      expect([body.slice(0, 40), response.status]).toEqual([body.slice(0, 40), status]);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const get = await api("", "", "GET");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  /**
   * Issue #33, finding 9: one request with every field at its maximum cost about a second of CPU,
   * and some content far more (a link of "webmailbox" repeated took seconds, growing with the
   * square); "constructor.com" made the checker throw. Each request here fills every field to its
   * limit with content that made a rule reread its input, and must be answered, quickly.
   */
  it("answers a request with every field at its maximum, on hostile content, quickly and never with a 5xx", async () => {
    const filled = (motif: string, length: number) => motif.repeat(Math.ceil(length / motif.length)).slice(0, length);
    const atMost = (text: string, sender: string, subject: string, link: string) => ({
      text: filled(text, CHECK_FIELD_LIMITS.text),
      sender: filled(sender, CHECK_FIELD_LIMITS.sender),
      subject: filled(subject, CHECK_FIELD_LIMITS.subject),
      links: Array.from({ length: CHECK_FIELD_LIMITS.links }, () => filled(link, CHECK_FIELD_LIMITS.link)),
    });
    const requests = [
      atMost("A.", "[a", "<a href=x ", "webmailbox"),
      atMost("[a", "A.", "Ｐａｙｐａｌ ", "securelogin"),
      atMost("<a href=x ", "a@", "A'", "a"),
      atMost("Send your password and gift cards within 24 hours. Call (877) 555-0172 now. ", "1", "x-", "1"),
    ];
    for (const body of requests) {
      const started = performance.now();
      const response = await api(JSON.stringify(body));
      const took = performance.now() - started;
      expect([body.text.slice(0, 12), response.status]).toEqual([body.text.slice(0, 12), 200]);
      expect(((await response.json()) as { verdict: string }).verdict).toMatch(
        /^(warning-signs|be-careful|none-found)$/,
      );
      // The budget is 150 ms of CPU (tests/unit/checker-cost.test.ts); this allows for a busy machine.
      expect(took, body.text.slice(0, 12)).toBeLessThan(3_000);
    }
    const objectPropertyName = await api(JSON.stringify({ text: "Sign in at constructor.com to keep your account." }));
    expect(objectPropertyName.status).toBe(200);
  });

  it("refuses any field one character over its maximum with a 4xx naming the limit", async () => {
    const cases: [body: object, status: number, error: RegExp][] = [
      [
        { text: "hello", sender: "a".repeat(CHECK_FIELD_LIMITS.sender + 1) },
        400,
        /sender can be at most 320 characters/,
      ],
      [{ text: "hello", subject: "a".repeat(CHECK_FIELD_LIMITS.subject + 1) }, 400, /subject can be at most 1,000/],
      [
        { text: "hello", links: ["a".repeat(CHECK_FIELD_LIMITS.link + 1)] },
        400,
        /link can be at most 2,000 characters/,
      ],
    ];
    for (const [body, status, error] of cases) {
      const response = await api(JSON.stringify(body));
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
    }
  });

  it("checks the page's form post without JavaScript the same way, and refuses an empty one", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${harness.server.url}/check`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const answered = await post({ text: SCAM_TEXT, sender: "", subject: "", links: "" });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    const html = await answered.text();
    expect(html).toMatch(/\d warning signs\. Treat it as a scam: don&#x27;t reply, don&#x27;t click, don&#x27;t pay\./);
    expect(html).toContain('data-warning-sign="1"');
    const empty = await post({ text: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Paste the message you want to check.");
  });

  it("keeps nothing: no row changes and nothing of the message is logged", async () => {
    expect(harness.server.output()).not.toContain(MARKER);
    expect(harness.server.output()).not.toContain("gift cards today");
    expect(await harness.snapshot()).toEqual(before);
  }, 120_000);

  // Last: it uses up this address's allowance.
  it(`answers 429 with Retry-After after ${CHECK_LIMIT.max} checks a minute from one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CHECK_LIMIT.max; i++) {
      statuses.push((await api(JSON.stringify({ text: `message ${i}` }))).status);
    }
    expect(statuses).toContain(429);
    const refused = await api(JSON.stringify({ text: "one more" }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Too many checks from your address. Please wait a minute and try again.",
    );
    // The form shares the allowance.
    const form = await fetch(`${harness.server.url}/check`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ text: "hello" }),
    });
    expect(form.status).toBe(429);
  });
});
