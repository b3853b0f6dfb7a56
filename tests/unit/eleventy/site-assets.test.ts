import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { minify, publishSiteAssets } from "../../../src/eleventy/site-assets.ts";
import { keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";

let root = "";
let dir = "";
let out = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "audit-site-assets-"));
  dir = join(root, "site-assets");
  out = join(root, "out");
  mkdirSync(dir);
  writeFileSync(join(dir, "site.css"), "/* pages */\nbody {\n  color: #ffffff;\n}\n");
  writeFileSync(join(dir, "palette.css"), "/* palette */\n.palette {\n  color: red;\n}\nbody { color: blue; }\n");
  writeFileSync(
    join(dir, "palette.js"),
    '// why\n(() => {\n  function greet(longName) {\n    return "hi " + longName;\n  }\n  window.greet = greet;\n})();\n',
  );
  writeFileSync(join(dir, "favicon.svg"), "<svg/>");
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const published = (file: string) => readFileSync(join(out, "assets", file), "utf8");

test("should publish one minified stylesheet from site.css then palette.css, in cascade order", async () => {
  await publishSiteAssets(dir, "assets", out);
  // The later `body` rule must stay after the earlier one, or the palette's override is lost.
  assert.is(published("site.css"), "body{color:#fff}.palette{color:red}body{color:#00f}\n");
  assert.not.ok(existsSync(join(out, "assets/palette.css")));
});

test("should publish the script minified and return the other files to copy as they are", async () => {
  const rest = await publishSiteAssets(dir, "assets", out);
  const script = published("palette.js");
  assert.not.ok(script.includes("longName") || script.includes("// why"), script);
  // Still the same program: it defines the same function.
  const window: { greet?: (name: string) => string } = {};
  new Function("window", script)(window);
  assert.is(window.greet?.("Margo"), "hi Margo");
  // The web font comes first, from its package: Inter's variable latin subset, the only one published.
  const [font, ...files] = rest;
  assert.is(font?.file, "assets/inter-latin.woff2");
  assert.match(font?.source ?? "", /@fontsource-variable\/inter\/files\/inter-latin-wght-normal\.woff2$/);
  assert.ok(existsSync(font?.source ?? ""), "the font file is installed");
  assert.equal(files, [{ source: join(dir, "favicon.svg"), file: "assets/favicon.svg", root: dir }]);
});

test("should write the same bytes on every build", async () => {
  await publishSiteAssets(dir, "assets", out);
  const first = [published("site.css"), published("palette.js")];
  rmSync(out, { recursive: true });
  await publishSiteAssets(dir, "assets", out);
  assert.equal([published("site.css"), published("palette.js")], first);
});

test("should keep the minified texts in the build cache and use them, but not a damaged or swapped entry", async () => {
  const cache = join(root, "cache");
  useBuildCache(cache);
  try {
    await publishSiteAssets(dir, "assets", out);
    const first = [published("site.css"), published("palette.js")];
    const entries = readdirSync(join(cache, "assets"));
    assert.is(entries.length, 2, entries.join(", "));
    const entryText = (name: string) =>
      readFileSync(join(cache, "assets", name))
        .subarray(65)
        .toString("utf8");
    const css = entries.find((name) => entryText(name) === first[0]) ?? "";
    const js = entries.find((name) => entryText(name) === first[1]) ?? "";
    // An entry is what is published: a changed one kept soundly (its digest right) would be.
    keepEntry(join(cache, "assets"), css, "body{color:green}");
    // A damaged entry is minified again.
    writeFileSync(join(cache, "assets", js), readFileSync(join(cache, "assets", js)).subarray(0, 80));
    rmSync(out, { recursive: true, force: true });
    await publishSiteAssets(dir, "assets", out);
    assert.is(published("site.css"), "body{color:green}", "taken from the cache");
    assert.is(published("palette.js"), first[1], "minified again");
    // The script's entry swapped in under the stylesheet's key: a sound file, not this text.
    writeFileSync(join(cache, "assets", css), readFileSync(join(cache, "assets", js)));
    await publishSiteAssets(dir, "assets", out);
    assert.is(published("site.css"), first[0], "minified again, not the script");
    // Another source is another key: the changed entry for the old one is not used for it.
    keepEntry(join(cache, "assets"), css, "body{color:green}");
    writeFileSync(join(dir, "site.css"), "body {\n  color: #000000;\n}\n");
    await publishSiteAssets(dir, "assets", out);
    assert.is(published("site.css"), "body{color:#000}.palette{color:red}body{color:#00f}\n");
  } finally {
    useBuildCache(undefined);
  }
});

test("should refuse a stylesheet that is a symbolic link", async () => {
  rmSync(join(dir, "palette.css"));
  writeFileSync(join(root, "elsewhere.css"), "body{}");
  symlinkSync(join(root, "elsewhere.css"), join(dir, "palette.css"));
  const refused = await publishSiteAssets(dir, "assets", out).then(
    () => false,
    () => true,
  );
  assert.ok(refused, "a linked stylesheet is refused");
  assert.not.ok(existsSync(join(out, "assets/site.css")));
});

test("should keep the script's regular expressions literal, as the sources write them", async () => {
  const script = await minify('const f = (t) => t.replace(/\\p{M}/gu, "");\n', "js");
  assert.ok(script.includes(".replace(/\\p{M}/gu,"), script);
  assert.not.ok(script.includes("RegExp"), script);
});

test("should minify the repository's own stylesheet and script without losing a rule", async () => {
  const sources = join(process.cwd(), "site-assets");
  await publishSiteAssets(sources, "assets", out);
  const css = published("site.css");
  for (const selector of [".palette", "[data-palette-open][hidden]", ".hljs-comment", ".api-docs .values"])
    assert.ok(css.includes(selector), selector);
  assert.not.match(css, /\/\*/);
  assert.ok(published("palette.js").length < readFileSync(join(sources, "palette.js"), "utf8").length * 0.7);
});

test.run();
