import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The edge stays on the framework's shape (issue #38): tricks that worked around React Router or
 * Node, once replaced, must not come back. Each entry names what replaced it.
 */
const FORBIDDEN: { pattern: RegExp; instead: string }[] = [
  {
    pattern: /delete\s+[\w.]+\.headers\.origin\b/,
    instead: "allowedActionOrigins on the build for the cross-site paths (http/page-handler.ts)",
  },
  {
    pattern: /x-scam-free-page-request|PAGE_REQUEST_ID/i,
    instead: "the load context's pageSession, shared by one request's loaders (app/account/session.server.ts)",
  },
  {
    pattern: /\bdestroySoon\b/,
    instead: "a 413 on a kept-alive connection, then socket.end() and a timed destroy (http/page-handler.ts)",
  },
  {
    pattern: /\$\{\w+\.toString\(\)\}/,
    instead: "a *.inline.ts file imported with ?inline-script, compiled when the app is built (vite-inline-scripts.ts)",
  },
  {
    // Rendered HTML is read (an HTML parser finds inline scripts to hash), never edited or scanned by regex.
    pattern: /nonce="\$\{|\/<script\b/i,
    instead:
      "render a page that may be shared without a nonce and allow its inline scripts by hash (http/page-handler.ts)",
  },
];

const SERVER_CODE = ["server.ts", "http", "app"];

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isDirectory()) return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
  return /\.(ts|tsx|mts|mjs)$/.test(entry) ? [entry] : [];
}

describe("the edge on the framework's own shape", () => {
  const files = SERVER_CODE.flatMap(sourceFiles);

  it("reads the server's code", () => {
    expect(files).toContain("server.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN)("has no $pattern (use $instead)", ({ pattern }) => {
    const found = files.filter((file) => pattern.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("would catch the tricks it forbids", () => {
    const tricks = [
      "if (allowed) delete req.headers.origin;",
      'headers.set("x-scam-free-page-request", id)',
      "socket.destroySoon = () => socket.end();",
      "const SCRIPT = `(${coursePage.toString()})();`;",
      'html = html.split(` nonce="${options.nonce}"`).join("");',
    ];
    expect(tricks.map((trick, index) => FORBIDDEN[index]!.pattern.test(trick))).toEqual(tricks.map(() => true));
  });
});
