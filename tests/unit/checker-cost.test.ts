import { describe, expect, it } from "vitest";
import { CHECK_FIELD_LIMITS } from "~/check-page/check-request";
import { checkMessage, type CheckInput } from "~/checker/check-message";

/**
 * What one "Is this a scam?" check costs (issue #33, finding 9): a request with every field at its
 * maximum took about a second of CPU, and more than twice as long for twice the input, so a few
 * requests a minute from one address kept a core busy. Every rule must read its input in linear
 * time: four times any field costs at most about four times as much. The bound is 6×, because a
 * rule that rereads its input (quadratic) costs 16× there, while a linear one measured on a busy
 * two-core runner lands between 3.5× and 5× (a bound of 2.2× on doubling failed once in CI at
 * 2.25× with no rule changed: garbage collection and caches are not linear to two decimals), on the content that
 * made rules reread the same characters: repeated phrases, addresses, one endless word, "@", digits,
 * look-alike letters, and the runs each slow rule tripped on.
 *
 * Times are CPU time of this process (Vitest runs each file in its own process), so other work on
 * a shared machine slows the wall clock but not these figures; each is the median of several
 * batches, after a warm-up, with the two sizes measured in turns.
 */

const ADVERSARIAL: Record<string, string> = {
  "suspicious phrases":
    "Call (877) 555-0172 now. Send your password and gift cards within 24 hours or your account will be locked. Don't tell anyone. Your code is 482913. ",
  "web addresses": "http://paypal-secure.example/a bit.ly/x www.amaz0n.co me@x.example [chase.com](http://e.example) ",
  "one word with no spaces": "a",
  "many @": "a@",
  "a run of digits": "1",
  "unicode look-alikes": "Ｐａｙｐａｌ раураl e\u0301\u0301 ",
  "capitals between dots (organisation names)": "A.",
  "brackets (file names)": "[a",
  "unclosed <a> tags": "<a href=x ",
  "words joined into one domain": "webmailbox",
  hyphens: "x-",
};

function filled(motif: string, length: number): string {
  return motif.repeat(Math.ceil(length / motif.length)).slice(0, length);
}

function cpuMilliseconds(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function checkTimes(input: CheckInput, times: number) {
  for (let i = 0; i < times; i++) checkMessage(input);
}

/**
 * How many times longer the large input takes than the small one: the median of several rounds,
 * each timing the two one after the other, so that a busy moment on the machine falls on both.
 */
function costRatio(small: CheckInput, large: CheckInput): number {
  checkTimes(small, 3);
  checkTimes(large, 3);
  // Enough checks per batch for the small input to take about 30 ms: a short field checks in microseconds.
  let batch = 1;
  while (batch < 4096 && cpuMilliseconds(() => checkTimes(small, batch)) < 30) batch *= 2;
  const ratios: number[] = [];
  for (let round = 0; round < 7; round++) {
    const smallTime = cpuMilliseconds(() => checkTimes(small, batch));
    ratios.push(cpuMilliseconds(() => checkTimes(large, batch)) / smallTime);
  }
  return median(ratios);
}

/** Four times the input; linear is 4×, quadratic 16×. */
const GROWTH_FACTOR = 4;
const MOST_GROWTH = 6;

/** Each field alone at `length` (links: every link that long), the others as small as allowed. */
const FIELDS: Record<
  string,
  { quarter: number; input: (content: (length: number) => string, length: number) => CheckInput }
> = {
  text: { quarter: CHECK_FIELD_LIMITS.text / 4, input: (content, length) => ({ text: content(length) }) },
  sender: {
    quarter: CHECK_FIELD_LIMITS.sender / 4,
    input: (content, length) => ({ text: "hello", sender: content(length) }),
  },
  subject: {
    quarter: CHECK_FIELD_LIMITS.subject / 4,
    input: (content, length) => ({ text: "hello", subject: content(length) }),
  },
  "each link's length": {
    quarter: CHECK_FIELD_LIMITS.link / 4,
    input: (content, length) => ({
      text: "hello",
      links: Array.from({ length: CHECK_FIELD_LIMITS.links }, () => content(length)),
    }),
  },
  "how many links": {
    quarter: Math.max(1, CHECK_FIELD_LIMITS.links / 4),
    input: (content, count) => ({
      text: "hello",
      links: Array.from({ length: count }, () => content(CHECK_FIELD_LIMITS.link)),
    }),
  },
};

describe("the cost of a check", () => {
  for (const [field, { quarter, input }] of Object.entries(FIELDS)) {
    it.each(Object.entries(ADVERSARIAL))(`${field}: four times the %s costs at most ${MOST_GROWTH}×`, (_, motif) => {
      const content = (length: number) => filled(motif, length);
      const ratio = costRatio(input(content, quarter), input(content, quarter * GROWTH_FACTOR));
      expect(ratio).toBeLessThanOrEqual(MOST_GROWTH);
    });
  }

  /**
   * The issue's budget is 150 ms of server time for a request at the maximum sizes. The figure
   * measured on the project's machine is in the README (about 50 ms per kind, measured alone); the
   * bound here is looser so that a loaded CI runner passes (a fresh-clone run on two shared cores
   * measured 321 ms while the other test files ran beside it), yet a rule that rereads its input
   * (seconds, before the fix) fails it.
   */
  it("checks a request with every field at its maximum, on each kind of hostile content, well within budget", () => {
    const times = Object.entries(ADVERSARIAL).map(([kind, motif]) => {
      const everythingAtMost: CheckInput = {
        text: filled(motif, CHECK_FIELD_LIMITS.text),
        sender: filled(motif, CHECK_FIELD_LIMITS.sender),
        subject: filled(motif, CHECK_FIELD_LIMITS.subject),
        links: Array.from({ length: CHECK_FIELD_LIMITS.links }, () => filled(motif, CHECK_FIELD_LIMITS.link)),
      };
      checkMessage(everythingAtMost);
      checkMessage(everythingAtMost);
      // The fastest of five: process CPU time also counts the process's other threads (the
      // garbage collector, the JIT compiling this very code, another test file on a busy runner),
      // which only ever add to a run. The check's own cost is what the fastest run shows.
      const runs = Array.from({ length: 5 }, () => cpuMilliseconds(() => checkMessage(everythingAtMost)));
      return { kind, milliseconds: Math.min(...runs) };
    });
    console.info(
      `CPU time of one check with every field at its maximum: ${times.map((t) => `${t.kind} ${t.milliseconds.toFixed(1)} ms`).join(", ")}`,
    );
    for (const { kind, milliseconds } of times) expect(milliseconds, kind).toBeLessThan(1_000);
  });
});
