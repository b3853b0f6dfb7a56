// `npm run screenshots [-- --only=home,post --site=<folder> --port=<n>]`: pictures of one page of
// every kind (scripts/audit/pages.ts) at 1280 and 390 px wide, light and dark, into
// docs/screenshots/{kind}-{width}-{scheme}.webp: the first screen of each page, as a visitor
// sees it on arrival. Like `npm run audit`, it builds the site for the loopback server it
// serves from (pages name images by absolute URL); `--site` reuses a folder built for
// `SITE_URL=http://127.0.0.1:{port}` (with `--port`), to look again after a stylesheet change.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { startStaticServer } from "./audit/static-server.ts";
import { CHROMIUM_PATH } from "./audit/chromium.ts";
import { everyPageKind } from "./audit/pages.ts";
import { fail, readOptions } from "./cli-args.mjs";

const values = readOptions("screenshots", {
  only: { type: "string" },
  site: { type: "string" },
  port: { type: "string", default: "0" },
});
// 0: any free port. Another value reached the server's listen, which threw its stack trace.
if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
  fail("screenshots", `--port: expected a port number (0-65535, 0 for any free one), found "${values.port}"`);
/** Each screen: the width and the height of the first screen of a laptop and of a phone. */
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ["light", "dark"] as const;

const root = resolve(import.meta.dirname, "..");
const out = join(root, "docs", "screenshots");
const work = values.site === undefined ? mkdtempSync(join(tmpdir(), "screenshots-")) : undefined;
const site = values.site ?? join(work!, "site");
const server = await startStaticServer(site, { port: Number(values.port) });
try {
  if (work) {
    const build = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), `--output=${site}`, "--quiet"], {
      cwd: root,
      env: { ...process.env, SITE_URL: server.origin },
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (build.status !== 0) fail("screenshots", "the build failed (above)");
  }
  const only = values.only?.split(",");
  const pages = everyPageKind(site).filter((page) => !only || only.includes(page.kind));
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const screen of SCREENS)
      for (const colorScheme of SCHEMES) {
        const context = await browser.newContext({ viewport: screen, colorScheme, reducedMotion: "reduce" });
        const tab = await context.newPage();
        for (const page of pages) {
          await tab.goto(`${server.origin}${page.path}`, { waitUntil: "load" });
          await tab.evaluate(() => document.fonts.ready);
          const png = await tab.screenshot({ type: "png" });
          const file = join(out, `${page.kind}-${screen.width}-${colorScheme}.webp`);
          writeFileSync(file, await sharp(png).webp({ quality: 70, effort: 6 }).toBuffer());
          console.log(`[screenshots] ${file}`);
        }
        await context.close();
      }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}
