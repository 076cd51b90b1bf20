import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "~/i18n/intl-formats";

describe("Intl formatters made once", () => {
  it("gives the same formatter for the same locale and options, and formats as Intl does", () => {
    const options = { month: "short", day: "numeric", timeZone: "UTC" } as const;
    expect(dateTimeFormat("en-US", options)).toBe(dateTimeFormat("en-US", { ...options }));
    expect(dateTimeFormat("es-US", options)).not.toBe(dateTimeFormat("en-US", options));
    expect(dateTimeFormat("en-US", options).format(Date.UTC(2026, 10, 23, 12))).toBe("Nov 23");
    expect(numberFormat("en-US", { style: "percent" })).toBe(numberFormat("en-US", { style: "percent" }));
    expect(numberFormat("en-US", { style: "percent" }).format(0.67)).toBe("67%");
  });
});
