// `node scripts/bench/search-bytes.ts --site=<built folder> --query=<words>`: the full-text
// search's cost to a visitor (docs/performance.md). Serves the folder as the production host
// does, opens its home page in Chromium, types the query into the command palette and counts
// the bytes of every Pagefind file the first search fetched, as stored and gzipped (hosts
// compress the script and JSON; Pagefind's index files are gzipped already). Prints the size
// of the whole index beside it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { SEARCH_FOLDER } from "../../src/config/site-paths.ts";
import { startStaticServer } from "../audit/static-server.ts";
import { fail, readOptions } from "../cli-args.mjs";

const values = readOptions("search-bytes", { site: { type: "string" }, query: { type: "string" } });
if (!values.site || !values.query) fail("search-bytes", "--site=<built folder> and --query=<words> are both needed");
const site = values.site;
const index = join(site, SEARCH_FOLDER);
if (!existsSync(index))
  fail("search-bytes", `--site: expected a built site with its search index, found no ${JSON.stringify(index)}`);
class NothingFound extends Error {}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipped = (file: string) =>
  /\.(js|json)$/.test(file) ? gzipSync(readFileSync(file)).length : statSync(file).size;

const server = await startStaticServer(site);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/`);
  await page.keyboard.press("Control+K");
  await page.locator("dialog.palette input").fill(values.query);
  // The search is done once the pages found have been fetched (a query must find one by its text):
  // a query that finds none fetches none, so the wait ends after 30 s (it never did, SIGTERM too).
  for (let waited = 0; !server.requests.some((path) => path.startsWith(`/${SEARCH_FOLDER}/fragment/`)); waited++) {
    if (waited === 300) throw new NothingFound();
    await new Promise((done) => setTimeout(done, 100));
  }
  await page.waitForFunction(
    () => !document.querySelector("dialog.palette .palette-status")?.textContent?.endsWith("…"),
  );
  const status = await page.locator("dialog.palette .palette-status").textContent();
  const fetched = server.requests.filter((path) => path.startsWith(`/${SEARCH_FOLDER}/`));
  const files = fetched.map((path) => join(site, decodeURIComponent(path)));
  const stored = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const all = readdirSync(index, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const total = all.reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
  console.log(`"${values.query}": ${status}`);
  console.log(
    `first search: ${fetched.length} files, ${kib(stored)} stored, ${kib(files.reduce((s, f) => s + gzipped(f), 0))} gzipped`,
  );
  for (const path of fetched) console.log(`  ${path} ${kib(statSync(join(site, decodeURIComponent(path))).size)}`);
  console.log(`whole index: ${all.length} files, ${kib(total)}`);
} catch (error) {
  if (!(error instanceof NothingFound)) throw error;
  process.exitCode = 2;
  console.error(
    `[search-bytes] --query: expected words some page holds, found none for ${JSON.stringify(values.query)}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
