import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isLayoutId } from "../../../src/markdown/heading-ids.ts";

const root = join(import.meta.dirname, "../../..");

/** Files whose markup sits on the pages that show rendered Markdown. */
const LAYOUT_FILES = [
  "src/site/layout.ts",
  ...readdirSync(join(root, "src/site/pages"))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/site/pages/${name}`),
  "site-assets/palette.js",
];

/**
 * Ids written as `id="…"` in templates or `id: "…"` / `id: \`…\`` in the palette's script; an
 * interpolation (`${i}`) stands for a number here. Ids made per domain or year (`d-${…}`,
 * `y-${…}`) sit on list pages without rendered Markdown and are skipped (see heading-ids.ts).
 */
function idsIn(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(/\bid(?:="|: ["`])([^"`]+)["`]/g)) {
    const id = match[1] ?? "";
    if (/^[dy]-\$\{/.test(id)) continue;
    ids.push(id.replace(/\$\{[^}]*\}/g, "7"));
  }
  return ids;
}

test("should find the ids the layout writes (the scan works)", () => {
  const ids = LAYOUT_FILES.flatMap((file) => idsIn(readFileSync(join(root, file), "utf8")));

  assert.ok(ids.includes("main"), ids.join(", "));
  assert.ok(ids.includes("palette-option-7"), ids.join(", "));
});

test("should reserve every id the layout, the pages and the palette use", () => {
  for (const file of LAYOUT_FILES) {
    for (const id of idsIn(readFileSync(join(root, file), "utf8"))) {
      assert.ok(isLayoutId(id), `${file} uses id "${id}": add it to LAYOUT_IDS in src/markdown/heading-ids.ts`);
    }
  }
});

test("should leave ordinary heading ids free", () => {
  assert.not.ok(isLayoutId("main-2"));
  assert.not.ok(isLayoutId("d-bus"));
  assert.not.ok(isLayoutId("palette-option-x"));
});

test.run();
