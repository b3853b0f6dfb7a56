import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mf2 } from "microformats-parser";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, makeTempDir, readJson, readText, removeDir, type BuildResult } from "./support/build-site.ts";
import { copyContentWithSmallImages, keepOnlyProjects } from "./support/small-images.ts";

/*
 * The responsive image pipeline end to end (src/images/): a post with a large JPEG cover and a
 * PNG chart is published as AVIF, WebP and own-format renditions that exist with the sizes the
 * page states; the page shows pictures; the API and the feeds keep absolute URLs to a JPEG or
 * PNG; a second build converts nothing; a damaged cache entry is converted again. The sample's
 * large photos are swapped for small ones in the copy, so conversion stays quick. The owner's
 * photo (profile.yaml) goes through the same pipeline onto the home page's h-card and JSON-LD.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;
const IMAGES = `${SITE_URL}/blog/images/`;

const work = makeTempDir("images");
const cache = join(work, "cache");
// The sample's own pictures at 320 px and three of its projects: the first build, from an empty
// cache, converts every picture and renders a social image per project, and neither the sizes
// nor the count of those matter here (the test post's two pictures are made below).
const content = await copyContentWithSmallImages();
keepOnlyProjects(content, ["kestrel-os", "hl7.lint", "fuzzbucket"]);
const builds: BuildResult[] = [];

/** A smooth picture with a little grain: what a photo compresses like, made the same every time. */
async function photo(width: number, height: number, format: "jpeg" | "png"): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) / 32;
      const at = (y * width + x) * 3;
      pixels[at] = (40 + (180 * x) / width + grain) | 0;
      pixels[at + 1] = (90 + (120 * y) / height + grain) | 0;
      pixels[at + 2] = (160 - (100 * y) / height + grain) | 0;
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === "jpeg" ? image.jpeg({ quality: 85 }) : image.png()).toBuffer();
}

function build(outDir?: string): Promise<BuildResult> {
  return buildSite({
    siteUrl: SITE_URL,
    epoch: EPOCH,
    contentDir: content,
    env: { FOLIO_CACHE_DIR: cache },
    ...(outDir ? { outDir } : {}),
  });
}

/** Each cache entry of the images cache by name, with its inode: a converted rendition is a new file. */
function cacheEntries(): Map<string, number> {
  const dir = join(cache, "images");
  return new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]));
}

/** The published files of the test post's images, hashes replaced by `H`. */
function publishedImages(outDir: string): string[] {
  return readdirSync(join(outDir, "blog/images"))
    .filter((name) => /^(ridge|chart)/.test(name))
    .map((name) => name.replace(/-[0-9a-f]{16}-/, "-H-"))
    .sort();
}

let first: BuildResult;
let second: BuildResult;
let damaged: BuildResult;
let entriesAfterFirst: Map<string, number>;
let entriesAfterSecond: Map<string, number>;
let damagedEntry = "";

test.before(async () => {
  const images = join(content, "blog/images");
  for (const name of ["valley-from-the-saddle.jpg", "lichen-on-the-east-node.jpg", "granite-at-the-crux.jpg"])
    writeFileSync(join(images, name), await photo(64, 48, "jpeg"));
  writeFileSync(join(images, "ridge.jpg"), await photo(2400, 1600, "jpeg"));
  writeFileSync(join(images, "chart.png"), await photo(700, 400, "png"));
  // The owner's photo, portrait, carrying a camera's EXIF that must not be published.
  mkdirSync(join(content, "people"));
  const exif = { IFD0: { Make: "SecretCam", Model: "Z9" } };
  writeFileSync(
    join(content, "people/me.jpg"),
    await sharp(await photo(600, 750, "jpeg"))
      .withExif(exif)
      .toBuffer(),
  );
  const profile = join(content, "profile.yaml");
  writeFileSync(profile, `${readFileSync(profile, "utf8")}photo: { src: people/me.jpg, alt: Margo on the ridge }\n`);
  writeFileSync(
    join(content, "blog/posts/photos-from-the-ridge.md"),
    "---\ntitle: Photos from the ridge\ndescription: Two pictures.\ndate: 2026-05-01\ncover:\n  src: ../images/ridge.jpg\n  alt: The ridge at dusk\n---\nThe chart:\n\n![Relayed messages per month](../images/chart.png)\n",
  );
  first = await build();
  builds.push(first);
  entriesAfterFirst = cacheEntries();
  second = await build();
  builds.push(second);
  entriesAfterSecond = cacheEntries();
  // The largest AVIF of the photo, truncated: the next build must convert it again. An entry's
  // value follows its digest line (src/util/build-cache.ts); an AVIF's brand is at its byte 8.
  const avif = [...entriesAfterSecond.keys()].filter(
    (name) => readFileSync(join(cache, "images", name)).toString("latin1", 65 + 8, 65 + 12) === "avif",
  );
  damagedEntry =
    avif.sort((a, b) => statSync(join(cache, "images", b)).size - statSync(join(cache, "images", a)).size)[0] ?? "";
  const file = join(cache, "images", damagedEntry);
  writeFileSync(file, readFileSync(file).subarray(0, 100));
  damaged = await build();
  builds.push(damaged);
});

test.after(() => {
  for (const result of builds) removeDir(result.outDir);
  removeDir(content);
  rmSync(work, { recursive: true, force: true });
});

test("should build", () => {
  for (const result of [first, second, damaged]) assert.is(result.status, 0, result.output);
});

test("should publish the JPEG as AVIF, WebP and JPEG at 480, 960 and 1600 px, and not the 2400-px original", () => {
  assert.equal(publishedImages(first.outDir), [
    "chart-H-480.avif",
    "chart-H-480.webp",
    "chart-H-700.avif",
    "chart-H-700.webp",
    "chart.png",
    "ridge-H-1600.avif",
    "ridge-H-1600.jpg",
    "ridge-H-1600.webp",
    "ridge-H-480.avif",
    "ridge-H-480.jpg",
    "ridge-H-480.webp",
    "ridge-H-960.avif",
    "ridge-H-960.jpg",
    "ridge-H-960.webp",
  ]);
});

test("should encode each rendition in its format at the size its name and the page state", async () => {
  const dir = join(first.outDir, "blog/images");
  const expected: Record<string, string> = { avif: "heif", webp: "webp", jpg: "jpeg", png: "png" };
  for (const name of readdirSync(dir).filter((file) => /^(ridge|chart)-/.test(file))) {
    const [, stem, width, ext] = /^(ridge|chart)-[0-9a-f]{16}-(\d+)\.(\w+)$/.exec(name) ?? [];
    const meta = await sharp(join(dir, name)).metadata();
    assert.is(meta.format, expected[ext ?? ""], name);
    assert.is(meta.width, Number(width), name);
    assert.is(
      meta.height,
      Math.round((Number(width) * (stem === "ridge" ? 1600 : 400)) / (stem === "ridge" ? 2400 : 700)),
      name,
    );
  }
});

test("should show pictures on the page: the cover eager, the chart lazy, each img with its size", () => {
  const page = readText(first.outDir, "blog/posts/photos-from-the-ridge/index.html");
  assert.match(
    page,
    /<picture><source type="image\/avif" srcset="[^"]*ridge-[0-9a-f]{16}-480\.avif 480w, [^"]*-960\.avif 960w, [^"]*-1600\.avif 1600w" sizes="[^"]+"><source type="image\/webp" srcset="[^"]*-480\.webp 480w, [^"]*-960\.webp 960w, [^"]*-1600\.webp 1600w" sizes="[^"]+"><img class="cover" src="[^"]*ridge-[0-9a-f]{16}-1600\.jpg" srcset="[^"]*-480\.jpg 480w, [^"]*-960\.jpg 960w, [^"]*-1600\.jpg 1600w" sizes="[^"]+" width="1600" height="1067" alt="The ridge at dusk" decoding="async" fetchpriority="high"><\/picture>/,
  );
  assert.match(
    page,
    /<picture><source type="image\/avif" srcset="[^"]*chart-[0-9a-f]{16}-480\.avif 480w, [^"]*chart-[0-9a-f]{16}-700\.avif 700w"[^>]*><source type="image\/webp"[^>]*><img src="https:\/\/margo\.example\/blog\/images\/chart\.png" width="700" height="400" alt="Relayed messages per month" loading="lazy" decoding="async"><\/picture>/,
  );
});

test("should show the owner's photo on the home page's h-card, Person, profile and résumé, without its EXIF", () => {
  const home = readText(first.outDir, "index.html");
  const card = mf2(home, { baseUrl: `${SITE_URL}/` }).items.find((item) => item.type?.includes("h-card"));
  assert.equal(card?.properties.photo, [{ value: `${SITE_URL}/images/people/me.jpg`, alt: "Margo on the ridge" }]);
  assert.match(
    home,
    /<section class="hero h-card"[^>]*>\n<picture><source type="image\/avif" srcset="[^"]*\/images\/people\/me-[0-9a-f]{16}-480\.avif 480w, [^"]*-600\.avif 600w" sizes="8rem">.*<img class="u-photo portrait" src="https:\/\/margo\.example\/images\/people\/me\.jpg" srcset="[^"]*-480\.jpg 480w, [^"]*me\.jpg 600w" sizes="8rem" width="600" height="750" alt="Margo on the ridge" decoding="async" fetchpriority="high"><\/picture><h1/,
  );
  assert.ok(home.includes(`"image":"${SITE_URL}/images/people/me.jpg"`));
  const published = readdirSync(join(first.outDir, "images/people")).map((name) =>
    name.replace(/-[0-9a-f]{16}-/, "-H-"),
  );
  assert.equal(published.sort(), [
    "me-H-480.avif",
    "me-H-480.jpg",
    "me-H-480.webp",
    "me-H-600.avif",
    "me-H-600.webp",
    "me.jpg",
  ]);
  assert.not.ok(readFileSync(join(first.outDir, "images/people/me.jpg")).includes("SecretCam"));
  assert.ok(readFileSync(join(content, "people/me.jpg")).includes("SecretCam"));
  // profile.json gives the photo the h-card shows: its URL, size and alt text.
  const profile = readJson<{ data: { photo: unknown } }>(first.outDir, "api/v1/profile.json");
  assert.equal(profile.data.photo, {
    url: `${SITE_URL}/images/people/me.jpg`,
    width: 600,
    height: 750,
    alt: "Margo on the ridge",
  });
  const resume = readJson<{ basics: { image?: string } }>(first.outDir, "api/v1/resume.json");
  assert.is(resume.basics.image, `${SITE_URL}/images/people/me.jpg`);
});

test("should keep absolute JPEG and PNG URLs of published files in the API and the feeds", () => {
  const post = readJson<{
    data: { cover: { url: string; width: number }; images: { url: string }[]; content_html: string };
  }>(first.outDir, "blog/api/v1/posts/photos-from-the-ridge.json").data;
  assert.match(post.cover.url, new RegExp(`^${IMAGES}ridge-[0-9a-f]{16}-1600\\.jpg$`));
  assert.is(post.cover.width, 1600);
  assert.equal(
    post.images.map((image) => image.url),
    [post.cover.url, `${IMAGES}chart.png`],
  );
  assert.ok(
    post.content_html.includes(
      `<img src="${IMAGES}chart.png" alt="Relayed messages per month" width="700" height="400">`,
    ),
  );
  assert.not.ok(post.content_html.includes("<picture"));
  for (const image of post.images)
    assert.ok(statSync(join(first.outDir, image.url.slice(SITE_URL.length))).isFile(), image.url);
  const rss = readText(first.outDir, "blog/index.xml");
  assert.ok(rss.includes(`<img src="${IMAGES}chart.png"`));
  const feed = readJson<{ items: { id: string; image?: string }[] }>(first.outDir, "blog/api/v1/feed.json");
  assert.is(feed.items.find((item) => item.id.endsWith("/photos-from-the-ridge/"))?.image, post.cover.url);
});

test("should convert nothing in a second build: every cache entry is the same file, and the output the same", () => {
  assert.equal([...entriesAfterSecond.keys()].sort(), [...entriesAfterFirst.keys()].sort());
  for (const [name, inode] of entriesAfterFirst) assert.is(entriesAfterSecond.get(name), inode, name);
  for (const name of readdirSync(join(first.outDir, "blog/images")))
    assert.ok(
      readFileSync(join(first.outDir, "blog/images", name)).equals(
        readFileSync(join(second.outDir, "blog/images", name)),
      ),
      name,
    );
});

test("should convert a damaged cache entry again, and publish the same rendition, never the damaged bytes", () => {
  assert.ok(damagedEntry !== "");
  const after = cacheEntries();
  assert.ok(after.has(damagedEntry), "the entry is kept again under its name");
  assert.is(statSync(join(cache, "images", damagedEntry)).size > 100, true);
  for (const name of readdirSync(join(first.outDir, "blog/images")))
    assert.ok(
      readFileSync(join(first.outDir, "blog/images", name)).equals(
        readFileSync(join(damaged.outDir, "blog/images", name)),
      ),
      name,
    );
});

test.run();
