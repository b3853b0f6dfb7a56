import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SITE_ICON, writeSiteIcons } from "../../../src/eleventy/site-icons.ts";
import { keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";
import { repoRoot } from "../../e2e/support/build-site.ts";
import { startStaticServer } from "../../e2e/support/static-server.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const svg = readFileSync(join(repoRoot, SITE_ICON));

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Uint8Array): [number, number] | null {
  const buffer = Buffer.from(bytes);
  if (!PNG_SIGNATURE.every((byte, i) => buffer[i] === byte)) return null;
  return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
}

function withOutput(run: (out: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const out = mkdtempSync(join(tmpdir(), "folio-icons-"));
    try {
      await run(out);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
}

/** As withOutput, with the build cache in `out/cache`: `run` gets its `icons/` folder. */
function withCache(run: (out: string, cacheDir: string) => Promise<void>): () => Promise<void> {
  return withOutput(async (out) => {
    useBuildCache(join(out, "cache"));
    try {
      await run(out, join(out, "cache", "icons"));
    } finally {
      useBuildCache(undefined);
    }
  });
}

test(
  "should write an ICO whose entries are PNGs of 16, 32 and 48 pixels",
  withOutput(async (out) => {
    await writeSiteIcons(svg, out);
    const ico = readFileSync(join(out, "favicon.ico"));
    assert.equal([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)], [0, 1, 3]);
    const entries = [0, 1, 2].map((i) => {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      return { declared: ico[entry], size: pngSize(ico.subarray(offset, offset + length)), end: offset + length };
    });
    assert.equal(
      entries.map((e) => [e.declared, e.size]),
      [
        [16, [16, 16]],
        [32, [32, 32]],
        [48, [48, 48]],
      ],
    );
    assert.is(entries.at(-1)?.end, ico.length, "the last image ends the file");
  }),
);

test(
  "should write a 180-pixel apple-touch-icon.png",
  withOutput(async (out) => {
    await writeSiteIcons(svg, out);
    assert.equal(pngSize(readFileSync(join(out, "apple-touch-icon.png"))), [180, 180]);
  }),
);

test(
  "should give the same bytes on every build",
  withOutput(async (out) => {
    await writeSiteIcons(svg, out);
    const first = [readFileSync(join(out, "favicon.ico")), readFileSync(join(out, "apple-touch-icon.png"))];
    await writeSiteIcons(svg, out);
    assert.ok(first[0]!.equals(readFileSync(join(out, "favicon.ico"))));
    assert.ok(first[1]!.equals(readFileSync(join(out, "apple-touch-icon.png"))));
  }),
);

/** A renderer that counts its calls and renders as resvg does. */
function countingRender(): { render: (svg: Uint8Array, size: number) => Promise<Uint8Array>; calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    render: async (image, size) => {
      calls.push(size);
      const { renderAsync } = await import("@resvg/resvg-js");
      const png = (
        await renderAsync(Buffer.from(image), {
          fitTo: { mode: "width", value: size },
          font: { loadSystemFonts: false },
        })
      ).asPng();
      return new Uint8Array(png);
    },
  };
}

test(
  "should render each size once and take it from the cache on the next build, byte for byte",
  withCache(async (out, cacheDir) => {
    const first = countingRender();
    await writeSiteIcons(svg, join(out, "a"), first.render);
    assert.equal(
      [...first.calls].sort((a, b) => a - b),
      [16, 32, 48, 180],
    );
    assert.is(readdirSync(cacheDir).length, 4);
    const second = countingRender();
    await writeSiteIcons(svg, join(out, "b"), second.render);
    assert.equal(second.calls, [], "nothing rendered when the cache holds every size");
    for (const file of ["favicon.ico", "apple-touch-icon.png"])
      assert.ok(readFileSync(join(out, "a", file)).equals(readFileSync(join(out, "b", file))), file);
    const changed = countingRender();
    await writeSiteIcons(
      Buffer.from(svg.toString().replace("<svg", "<svg data-x='1'")),
      join(out, "c"),
      changed.render,
    );
    assert.is(changed.calls.length, 4, "another icon is rendered again");
  }),
);

test(
  "should render again instead of publishing a damaged or swapped cache entry",
  withCache(async (out, cacheDir) => {
    await writeSiteIcons(svg, join(out, "a"));
    const small = readFileSync(join(out, "a", "apple-touch-icon.png"));
    // The three favicon sizes: a truncated one, and one whose value was swapped for a valid PNG
    // of the wrong size (the touch icon), kept as a sound entry (its digest right).
    const names = readdirSync(cacheDir)
      .filter((name) => !readFileSync(join(cacheDir, name)).subarray(65).equals(small))
      .sort();
    assert.is(names.length, 3);
    const truncated = join(cacheDir, names[0]!);
    writeFileSync(truncated, readFileSync(truncated).subarray(0, 40));
    keepEntry(cacheDir, names[1]!, small);
    const again = countingRender();
    await writeSiteIcons(svg, join(out, "b"), again.render);
    assert.is(again.calls.length, 2, "the two damaged entries are rendered again");
    for (const file of ["favicon.ico", "apple-touch-icon.png"])
      assert.ok(readFileSync(join(out, "a", file)).equals(readFileSync(join(out, "b", file))), file);
  }),
);

test(
  "should serve both at the site's root with 200 and an image type",
  withOutput(async (out) => {
    await writeSiteIcons(svg, out);
    const server = await startStaticServer(out);
    try {
      const ico = await fetch(`${server.origin}/favicon.ico`);
      const touch = await fetch(`${server.origin}/apple-touch-icon.png`);
      assert.equal([ico.status, ico.headers.get("content-type")], [200, "image/x-icon"]);
      assert.equal([touch.status, touch.headers.get("content-type")], [200, "image/png"]);
      const missing = await fetch(`${server.origin}/favicon-missing.ico`);
      // This folder has no 404.html: the server fails there, but never with a 200.
      assert.is.not(missing.status, 200, "the server does not answer 200 for a file that is not there");
      await missing.arrayBuffer();
      await Promise.all([ico.arrayBuffer(), touch.arrayBuffer()]);
    } finally {
      await server.stop();
    }
  }),
);

test.run();
