import { describe, expect, it } from "vitest";
import { deferHydration } from "~/hydration/defer-hydration.server";
import { standInScript } from "~/hydration/hydrate-on-interaction";
import { inlineScriptHashes } from "../../http/page-cache";

// The shape React Router 7 renders: preloads in the head, then at the end of the body the scroll
// restoration, the context, the module that loads the entry, and the loader data in Suspense markers.
const page = (nonce: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/>` +
  `<link rel="modulepreload" href="/assets/home-B.js" nonce="${nonce}"/>` +
  `<link rel="stylesheet" href="/assets/root-C.css"/></head><body><main>Stay Safe</main>` +
  `<script nonce="${nonce}">/* scroll restoration */</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {"basename":"/"};</script>` +
  `<script type="module" async="" nonce="${nonce}">import("/assets/entry.client-A.js");</script>` +
  `<!--$--><script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$-->` +
  `</body></html>`;

describe("deferHydration", () => {
  it("parks React Router's scripts and the head's module preloads in a template, and adds the stand-in script", () => {
    const deferred = deferHydration(page("n0nce"), "n0nce")!;
    const head = deferred.slice(0, deferred.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');

    const template = deferred.match(/<template id="deferred-hydration">([\s\S]*)<\/template>/)![1]!;
    expect(template).toContain('<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>');
    expect(template).toContain("window.__reactRouterContext = ");
    expect(template).toContain('import("/assets/entry.client-A.js")');
    expect(template).toContain("<!--$-->");
    // Scroll restoration runs at once, as before.
    expect(template).not.toContain("scroll restoration");
    expect(deferred).toMatch(/<script nonce="n0nce">\/\* scroll restoration \*\/<\/script><template/);

    expect(deferred).toContain(
      `<script id="hydrate-on-interaction" nonce="n0nce">${standInScript()}</script></body></html>`,
    );
  });

  it("works on a page whose nonces were removed for the shared cache, and the cache can hash every script", () => {
    const deferred = deferHydration(page("x").replaceAll(' nonce="x"', ""), undefined)!;
    expect(deferred.replace(standInScript(), "")).not.toContain("nonce");
    expect(deferred).toContain(`<script id="hydrate-on-interaction">`);
    // Five inline scripts: scroll restoration, the stand-in, and the three parked ones the stand-in re-creates.
    expect(inlineScriptHashes(deferred)).toHaveLength(5);
  });

  it("leaves a page it does not recognise alone", () => {
    expect(deferHydration("<html><body><p>No scripts</p></body></html>", "n")).toBeNull();
  });
});

describe("the stand-in script", () => {
  it("is self-contained browser code: it parses and names nothing from the server's bundle", () => {
    for (const script of [standInScript()]) {
      expect(() => new Function(script)).not.toThrow();
      expect(script).not.toMatch(/__name|__vite|import\(|require\(/);
      // As Vitest compiles it (not minified); `npm run bench` reports the gzipped bytes a visitor
      // receives. The bound catches a dependency pulled in by mistake.
      expect(script.length).toBeLessThan(12_000);
    }
  });
});
