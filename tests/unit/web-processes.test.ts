import { describe, expect, it } from "vitest";
import { webConcurrency } from "../../http/web-processes";

describe("WEB_CONCURRENCY", () => {
  it("is 1 when unset or empty, and any whole number from 1 to 32", () => {
    expect(webConcurrency(undefined)).toBe(1);
    expect(webConcurrency("")).toBe(1);
    expect(webConcurrency("1")).toBe(1);
    expect(webConcurrency("2")).toBe(2);
    expect(webConcurrency("32")).toBe(32);
  });

  it("refuses anything else with a message that names the setting", () => {
    for (const value of ["0", "-1", "1.5", "two", "33", "2abc"]) {
      expect(webConcurrency(value), value).toEqual({
        error: `WEB_CONCURRENCY must be a whole number from 1 to 32 (got "${value}")`,
      });
    }
  });
});
