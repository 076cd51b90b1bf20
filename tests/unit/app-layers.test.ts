import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { APP_LAYERS, foldersAbove } from "../../app-layers.mjs";

/** app/ in layers (issue 38, decision 058): the list is whole, and `npm run lint` enforces it. */
describe("the folders of app/ in layers", () => {
  const folders = readdirSync("app", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "routes")
    .map((entry) => entry.name)
    .sort();

  it("names every folder once, and no folder that is not there", () => {
    const listed = APP_LAYERS.flat();
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("forbids a folder its own layer's others and every layer above", () => {
    expect(foldersAbove("billing")).toEqual(expect.arrayContaining(["training", "community", "marketing"]));
    expect(foldersAbove("billing")).not.toContain("account");
    expect(foldersAbove("billing")).not.toContain("family");
    expect(foldersAbove("marketing")).toEqual([]);
  });

  const eslint = new ESLint();
  const lint = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath: file });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
  };

  it("fails lint on a deliberate import up the layers, and passes one down", async () => {
    const up = await lint(
      "app/mail/layer-probe.ts",
      'import { PRACTICE_LANGUAGES } from "~/family/practice-language";\nimport { optInSchemas } from "~/training/people/opt-in";\nexport const probe = [PRACTICE_LANGUAGES, optInSchemas];\n',
    );
    expect(up).toHaveLength(1);
    expect(up[0]).toContain("app/ is layered (app-layers.mjs): mail/ imports only folders in the layers below it");
    const down = await lint(
      "app/training/layer-probe.ts",
      'import { PRACTICE_LANGUAGES } from "~/family/practice-language";\nexport const probe = PRACTICE_LANGUAGES;\n',
    );
    expect(down).toEqual([]);
  }, 60_000);
});
