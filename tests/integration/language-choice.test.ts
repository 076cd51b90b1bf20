import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/language";

/**
 * /language (issue 39): the switch remembers a language and answers one redirect to a page on this
 * site; bad input gets a clear 400 and sets nothing; "No, thanks" never leaves the site.
 */

const call = (handler: typeof loader | typeof action, request: Request) =>
  (handler as (args: { request: Request; params: object; context: object }) => Response | Promise<Response>)({
    request,
    params: {},
    context: {},
  });

describe("/language", () => {
  it("remembers the choice and goes to that page's edition, once", async () => {
    const response = await call(loader, new Request("http://localhost:3000/language?to=es&next=/check"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/es/check");
    expect(response.headers.get("set-cookie")).toMatch(
      /^scam-free-lang=es; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
  });

  it("refuses a missing or unknown language with a clear 400, and sets no cookie", async () => {
    for (const query of ["", "?to=fr", "?to=<script>", `?to=es&next=${"x".repeat(2_001)}`, "?to[]=es"]) {
      const response = await call(loader, new Request(`http://localhost:3000/language${query}`));
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toMatch(/Choose a language/);
      expect(response.headers.get("set-cookie"), query).toBeNull();
    }
  });

  it("never leaves the site, whatever `next` says", async () => {
    for (const next of ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const switched = await call(
        loader,
        new Request(`http://localhost:3000/language?to=en&next=${encodeURIComponent(next)}`),
      );
      expect(switched.headers.get("location"), next).toBe("/");
      const dismissed = await call(
        action,
        new Request("http://localhost:3000/language", { method: "POST", body: new URLSearchParams({ next }) }),
      );
      expect(dismissed.status, next).toBe(303);
      expect(dismissed.headers.get("location"), next).toBe("/");
      expect(dismissed.headers.get("set-cookie")).toMatch(/^scam-free-lang-line=off;/);
    }
  });

  it("goes back to the page it was on after 'No, thanks'", async () => {
    const response = await call(
      action,
      new Request("http://localhost:3000/language", {
        method: "POST",
        body: new URLSearchParams({ next: "/pricing" }),
      }),
    );
    expect(response.headers.get("location")).toBe("/pricing");
  });
});
