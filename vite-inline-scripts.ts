import { readFile } from "node:fs/promises";
import { minify, transformWithOxc, type Plugin } from "vite";

/**
 * Small browser scripts a page ships inline, as text (decisions 038 and 039: the home page's pop-up
 * watcher, the course page's self-checks, the dialog fallback). Each is a TypeScript module of its
 * own (`*.inline.ts`) whose top-level statements run in the browser; importing it with
 * `?inline-script` gives its compiled, minified text, wrapped so nothing leaks into the page's
 * globals. The text is made when the app is built, from the file as written: nothing reads a
 * function's source at run time (issue 38).
 *
 * A script may import nothing (it is not bundled) and ends with `export {};` so TypeScript keeps
 * its names to itself; that line is dropped from the text.
 */
export function inlineScripts(): Plugin {
  return {
    name: "scam-free:inline-scripts",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?");
      if (query !== "inline-script" || !file) return null;
      if (!file.endsWith(".inline.ts")) this.error(`${file}: only *.inline.ts files can be inline scripts`);
      this.addWatchFile(file);
      const source = await readFile(file, "utf8");
      const { code } = await transformWithOxc(source, file, { lang: "ts" });
      if (/^\s*import\s/m.test(code)) this.error(`${file}: an inline script cannot import (it is not bundled)`);
      const body = code.replace(/^\s*export\s*\{\s*\};?\s*$/m, "");
      const { code: text } = await minify(file.replace(/\.ts$/, ".js"), `(function () {\n${body}\n})();`);
      return `export default ${JSON.stringify(text.trim())};`;
    },
  };
}
