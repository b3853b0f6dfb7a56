import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { accentFor, closeOgRenderer, drawableText, renderOgImage, type OgCard } from "../../../src/site/og-image.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const card: OgCard = {
  eyebrow: "⚙️ Systems",
  title: "kestrel-os",
  subtitle: "A tiny preemptive RTOS for RISC-V",
  badges: ["Rust", "C"],
  highlight: "128 stars",
  byline: "Fixture Owner",
  host: "fixture.example",
  accent: accentFor("systems"),
};

/** Width and height from the IHDR chunk, which a PNG must start with. */
function pngSize(png: Uint8Array): { chunk: string; width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return {
    chunk: new TextDecoder().decode(png.subarray(12, 16)),
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const root = join(import.meta.dirname, "../../..");

test("should render a PNG of 1200×630", async () => {
  const png = await renderOgImage(card);

  assert.equal([...png.subarray(0, 8)], PNG_SIGNATURE);
  assert.equal(pngSize(png), { chunk: "IHDR", width: 1200, height: 630 });
});

test("should render byte-identical PNGs for the same card", async () => {
  const [first, second] = await Promise.all([renderOgImage(card), renderOgImage({ ...card })]);

  assert.ok(same(first, second));
});

test("should render the same bytes again in a new renderer process after closeOgRenderer", async () => {
  const first = await renderOgImage(card);
  closeOgRenderer();
  const again = await renderOgImage(card);
  closeOgRenderer();

  assert.ok(same(first, again));
});

test("should render cards sent at once, each to its own promise", async () => {
  const other = { ...card, title: "another-project" };
  const [a, b, a2] = await Promise.all([renderOgImage(card), renderOgImage(other), renderOgImage(card)]);

  assert.ok(same(a, a2));
  assert.not.ok(same(a, b));
});

test("should render different PNGs for different cards", async () => {
  const [first, second] = await Promise.all([renderOgImage(card), renderOgImage({ ...card, highlight: "129 stars" })]);

  assert.not.ok(same(first, second));
});

test("should render a card whose text is far too long without throwing", async () => {
  const png = await renderOgImage({
    ...card,
    title: "an-unbroken-project-name-".repeat(20),
    subtitle: "word ".repeat(500),
    badges: Array.from({ length: 30 }, (_, i) => `Language number ${i} with a long name`),
    byline: "N".repeat(300),
    host: `${"sub.".repeat(80)}example`,
  });

  assert.equal(pngSize(png), { chunk: "IHDR", width: 1200, height: 630 });
});

test("should render a card whose tagline or headline is one long word, beside its badges", async () => {
  // Before: the subtitle did not break inside a word, so a headline of 140 letters or more
  // overflowed the card, resvg panicked (SIGABRT) and the build ended in its stack trace.
  for (const subtitle of ["x".repeat(180), "W".repeat(180), "Ω".repeat(180)]) {
    const png = await renderOgImage({ ...card, subtitle, badges: ["36 projects", "11 domains", "20 languages"] });

    assert.equal(pngSize(png), { chunk: "IHDR", width: 1200, height: 630 }, subtitle.slice(0, 10));
  }
});

test("should leave out characters the font lacks (emoji, CJK) rather than draw empty boxes", () => {
  assert.is(drawableText("⚙️ Systems", 40), "Systems");
  assert.is(drawableText("Hello 漢字 world", 40), "Hello world");
  assert.is(drawableText("Привет, Ελληνικά, Łódź", 40), "Привет, Ελληνικά, Łódź");
});

test("should shorten text over the limit with an ellipsis and collapse whitespace", () => {
  assert.is(drawableText("  a\n\tb  ", 10), "a b");
  assert.is(drawableText("abcdefghij", 5), "abcd…");
});

test("should give every id the same accent colour on every call", () => {
  assert.match(accentFor("systems"), /^#[0-9a-f]{6}$/);
  assert.is(accentFor("systems"), accentFor("systems"));
  assert.is.not(accentFor("systems"), accentFor("security"));
});

test("should reject a card with a clear error, not end the build unheard, when the renderer is killed", () => {
  // In a process of its own, as in a build: nothing else keeps it alive while it waits for the card.
  const dir = mkdtempSync(join(tmpdir(), "folio-og-kill-"));
  try {
    const script = join(dir, "kill.mts");
    writeFileSync(
      script,
      `import { execFileSync } from "node:child_process";
import { closeOgRenderer, renderOgImage } from ${JSON.stringify(pathToFileURL(join(root, "src/site/og-image.ts")).href)};
const job = renderOgImage(${JSON.stringify(card)}).then(() => "rendered", (error) => "rejected: " + error.message);
setTimeout(() => {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  for (const line of lines.split("\\n"))
    if (line.includes("og-render-process")) process.kill(Number.parseInt(line, 10), "SIGKILL");
}, 30);
console.log(await job);
closeOgRenderer();
`,
    );
    const run = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stdout.trim(), "rejected: The social-image renderer stopped (SIGKILL) before the image was rendered");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
