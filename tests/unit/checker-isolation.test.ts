import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The checker (app/checker/) runs in the browser and on the server and must never reach the
 * network or the file system: it imports only its own files, two tiny constant modules and two
 * vetted pure libraries (the Public Suffix List and a punycode decoder), and it never mentions the
 * ways a program talks to the outside. Read from the source, so a new file or a new import is
 * caught the day it is written.
 */

const CHECKER = "app/checker";
const ALLOWED_OUTSIDE = ["~/red-flags/red-flag-paths", "~/course/course-map"];
/** Pure libraries the checker may use, with the file a bundler takes from each: read below for the same words. */
const ALLOWED_PACKAGES: Record<string, string> = {
  "tldts-icann": "node_modules/tldts-icann/dist/index.esm.min.js",
  "punycode/punycode.js": "node_modules/punycode/punycode.js",
};
const FORBIDDEN = ["fetch(", "XMLHttpRequest", "WebSocket", "navigator.sendBeacon", "import(", "require(", "node:"];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file names: `import ... from "x"`, `export ... from "x"`, `import "x"`. */
function importedModules(source: string): string[] {
  const pattern = /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

describe("the checker's isolation", () => {
  const files = sourceFiles(CHECKER);

  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files).toContain(path.join(CHECKER, "check-message.ts"));
  });

  it.each(files)("%s imports only the checker's own files and the allowed constant modules", (file) => {
    const source = readFileSync(file, "utf8");
    for (const module of importedModules(source)) {
      if (ALLOWED_OUTSIDE.includes(module) || module in ALLOWED_PACKAGES) continue;
      expect(module.startsWith("."), `${file} imports "${module}"`).toBe(true);
      const resolved = path.resolve(path.dirname(file), module);
      expect(resolved.startsWith(path.resolve(CHECKER) + path.sep), `${file} imports "${module}" from outside`).toBe(
        true,
      );
    }
  });

  it.each(files)("%s never mentions the network, dynamic imports or node modules", (file) => {
    const source = readFileSync(file, "utf8");
    for (const word of FORBIDDEN) expect(source.includes(word), `${file} mentions ${word}`).toBe(false);
  });

  it("allows only libraries that never mention the network, dynamic imports or node modules", () => {
    for (const [name, file] of Object.entries(ALLOWED_PACKAGES)) {
      const source = readFileSync(file, "utf8");
      for (const word of FORBIDDEN) expect(source.includes(word), `${name} mentions ${word}`).toBe(false);
    }
  });

  it("allows only constant modules that themselves import nothing", () => {
    for (const module of ALLOWED_OUTSIDE) {
      const source = readFileSync(`${module.replace("~/", "app/")}.ts`, "utf8");
      expect(importedModules(source), module).toEqual([]);
      for (const word of FORBIDDEN) expect(source.includes(word), `${module} mentions ${word}`).toBe(false);
    }
  });

  it("recognises the import forms it looks for", () => {
    expect(
      importedModules(
        `import a from "./a";\nimport type { B } from "../b";\nexport { c } from "./c";\nimport "./d";\nimport {\n  e,\n  f,\n} from "node:fs";`,
      ),
    ).toEqual(["./a", "../b", "./c", "./d", "node:fs"]);
  });
});
