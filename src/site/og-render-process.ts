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
import type { Font } from "satori";
import type { FontFile } from "./og-image.ts";

type Job = { id: number; tree: unknown; fonts: FontFile[]; width: number; height: number };

let modules: Promise<[typeof import("satori"), typeof import("@resvg/resvg-js")]> | undefined;
/**
 * satori parses the fonts of each array it is given once and keeps them keyed by the array, so
 * each set of fonts has one array for the life of this process.
 */
const fontSets = new Map<string, Font[]>();

function fontsOf(files: FontFile[]): Font[] {
  const key = files.map((font) => `${font.file}@${font.weight}`).join("\n");
  let fonts = fontSets.get(key);
  if (!fonts) {
    // Read once per set; a build has few sets (most cards use Latin alone).
    fonts = files.map((font) => ({
      name: font.name,
      data: readFileSync(font.file),
      weight: font.weight,
      style: "normal" as const,
    }));
    fontSets.set(key, fonts);
  }
  return fonts;
}

async function render(job: Job): Promise<Uint8Array> {
  modules ??= Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const [{ default: satori }, { renderAsync }] = await modules;
  const svg = await satori(job.tree as Parameters<typeof satori>[0], {
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

process.on("message", (job: Job) => {
  render(job).then(
    (png) => process.send?.({ id: job.id, png }),
    (error) => process.send?.({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The build closed the channel (done, or gone): nothing more will come.
process.on("disconnect", () => process.exit(0));
