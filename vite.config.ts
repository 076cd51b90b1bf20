import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import mdx from "@mdx-js/rollup";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import remarkGfm from "remark-gfm";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { inlineScripts } from "./vite-inline-scripts.ts";

/**
 * How the browser's JavaScript is split. Left alone, the bundler makes a file per shared module
 * (each icon, each small helper), and the home page loaded 27 files; on a phone every file is a
 * request before the page can respond. Two groups keep the first load to a handful of files:
 *  - framework: React, React DOM and React Router, which every page needs and which change rarely,
 *    so browsers keep them cached across deploys of our own code;
 *  - shell: the small modules most pages share (icons, buttons and inputs, the header and footer,
 *    the newsletter form). A few icons more than a page uses cost less than a request each.
 * A group also takes in everything its modules import, so nothing that pulls in one page's code
 * belongs in it: the plan cards did (their sample emails dialog brought the whole red-flag trainer
 * and zod into every page's shell, 52 KB gzipped; now 17 KB, issue #24).
 * Everything else (dialogs, charts, zod schemas, the trainer) keeps its own chunk, loaded by the
 * pages that use it.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const SHELL =
  /[\\/]node_modules[\\/](lucide-react|clsx|class-variance-authority|tailwind-merge|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs)[\\/]|[\\/]app[\\/](ui[\\/](cn|button|input|card|form-message|text-field|use-fetcher-form|toast|result-toast)|seo[\\/]meta|layout[\\/]|billing[\\/]plans|newsletter[\\/]newsletter-form)|vite[\\/]preload-helper/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The checker's Public Suffix List, already minified: bundling tldts-icann's ES module copied
      // its 41 KB label string into the /check chunk twice (the minifier inlines a const used twice).
      "tldts-icann": fileURLToPath(new URL("./node_modules/tldts-icann/dist/index.esm.min.js", import.meta.url)),
    },
  },
  plugins: [
    // MDX must compile before React Router's plugin sees the modules.
    {
      enforce: "pre",
      ...mdx({
        remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: "frontmatter" }], remarkGfm],
        providerImportSource: undefined,
      }),
    },
    // Small inline scripts, compiled from their own files when the app is built (*.inline.ts).
    inlineScripts(),
    tailwindcss(),
    reactRouter(),
  ],
  // The server loads its dependencies from node_modules at run time, and lucide-react's entry
  // brings in every one of its 1,500+ icons (about 12 MB of the server's memory). Bundled into the
  // server build instead, only the few dozen icons we draw are kept.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "shell", test: SHELL, priority: 1 },
              ],
            },
          },
        },
  },
}));
