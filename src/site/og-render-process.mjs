// @ts-check
/*
 * The social-image renderer's own process (started by src/site/og-image.ts): satori lays out
 * each card and resvg rasterizes it here, and the PNG bytes go back over the IPC channel.
 *
 * Why a process of its own: satori and resvg keep native memory (WebAssembly and Rust
 * allocations) that no garbage collection gives back, 300 MiB after 500 cards (docs/performance.md,
 * "Memory"). This process exits when the build closes the channel, and its memory goes with it.
 *
 * Messages in: { id, tree, fonts: [{ name, file, weight }], width, height }.
 * Messages out: { id, png } (a Uint8Array) or { id, error } (a message).
 */
import { readFileSync } from "node:fs";

/** @typedef {{ name: string, file: string, weight: 400 | 700 | 800 }} FontFile */
/** @typedef {{ id: number, tree: unknown, fonts: FontFile[], width: number, height: number }} Job */

/** @type {Promise<[typeof import("satori"), typeof import("@resvg/resvg-js")]> | undefined} */
let modules;
/**
 * satori parses the fonts of each array it is given once and keeps them keyed by the array, so
 * each set of fonts has one array for the life of this process.
 * @type {Map<string, import("satori").Font[]>}
 */
const fontSets = new Map();

/** @param {FontFile[]} files */
function fontsOf(files) {
  const key = files.map((font) => `${font.file}@${font.weight}`).join("\n");
  let fonts = fontSets.get(key);
  if (!fonts) {
    // Read once per set; a build has few sets (most cards use Latin alone).
    fonts = files.map((font) => ({
      name: font.name,
      data: readFileSync(font.file),
      weight: font.weight,
      style: /** @type {const} */ ("normal"),
    }));
    fontSets.set(key, fonts);
  }
  return fonts;
}

/** @param {Job} job @returns {Promise<Uint8Array>} */
async function render(job) {
  modules ??= Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const [{ default: satori }, { renderAsync }] = await modules;
  const svg = await satori(/** @type {Parameters<typeof satori>[0]} */ (job.tree), {
    width: job.width,
    height: job.height,
    fonts: fontsOf(job.fonts),
    // og-image.ts has already removed what the font lacks; nothing is fetched for the rest.
    loadAdditionalAsset: async () => [],
  });
  // The text is already paths: resvg needs no fonts, and must not depend on the machine's. The
  // async form rasterizes on libuv's thread pool, so two images can be rasterized at once.
  const png = (await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } })).asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

process.on("message", (/** @type {Job} */ job) => {
  render(job).then(
    (png) => process.send?.({ id: job.id, png }),
    (error) => process.send?.({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The build closed the channel (done, or gone): nothing more will come.
process.on("disconnect", () => process.exit(0));
