import { copyFileSync, existsSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, makeTempDir, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused } from "../support/hostile.ts";

/*
 * What a pull request to content/ can smuggle through a post or an image: a script in an SVG
 * (it would run on the site's origin), a page disguised as an image, file names that are no
 * slug, a project folder hosts drop, and symbolic links out of the content folder. One build
 * refuses everything that can be reported together; links get a second, as a linked
 * `blog/images` would hide the image problems. A phone photo's metadata (where it was taken,
 * who took it) is not refused but removed: a fourth build publishes the photo without it.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const SCRIPT = "alert(7391)";
const LEAK = "leaked-xq93";
const BOMB = "bomb-xq77";
const GPS_PLACE = "gps-home-51.4778N-xq81";
const AUTHOR = "Ada Author xq82";

/** A photo as a phone writes it: EXIF with a GPS block (holding GPS_PLACE), then XMP naming AUTHOR. */
async function phonePhoto(): Promise<Buffer> {
  const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#6a8" } })
    .jpeg()
    .toBuffer();
  const place = Buffer.from(GPS_PLACE, "latin1");
  const tiff = Buffer.alloc(38);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10); // GPSInfo: the GPS IFD at 26
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  const gps = Buffer.alloc(18);
  gps.writeUInt16BE(1, 0);
  gps.writeUInt16BE(0x001b, 2); // GPSProcessingMethod, its bytes at 44
  gps.writeUInt16BE(7, 4);
  gps.writeUInt32BE(place.length, 6);
  gps.writeUInt32BE(44, 10);
  const segment = (marker: number, payload: Buffer): Buffer => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  };
  const xmp = `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${AUTHOR}</dc:creator></x:xmpmeta>`;
  return Buffer.concat([
    plain.subarray(0, 2),
    segment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff.subarray(0, 26), gps, place])),
    segment(0xe1, Buffer.from(xmp, "latin1")),
    plain.subarray(2),
  ]);
}

/** A PNG of a few dozen bytes that declares `width` × `height` pixels: decoded, it would take gigabytes. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function post(body: string, marker = "A hostile post"): string {
  return `---\ntitle: ${marker}\ndescription: Checks what the build does with it.\ndate: 2026-05-01\n---\n${body}`;
}

const dirs: string[] = [];
let smuggled: BuildResult;
let linked: BuildResult;
let githubLinked: BuildResult;
let photographed: BuildResult;

test.before(async () => {
  const content = copyContent();
  const posts = join(content, "blog/posts");
  const images = join(content, "blog/images");
  writeFileSync(
    join(images, "evil.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" onload="${SCRIPT}"><script>${SCRIPT}</script></svg>`,
  );
  copyFileSync(join(images, "contour-cover.png"), join(images, "page.html"));
  writeFileSync(
    join(images, "page.html"),
    Buffer.concat([readFileSync(join(images, "page.html")), Buffer.from(`<script>${SCRIPT}</script>`)]),
  );
  writeFileSync(
    join(posts, "shows-evil.md"),
    post("![A drawing](../images/evil.svg)\n\n![A page](../images/page.html)\n"),
  );
  writeFileSync(join(images, `${BOMB}.png`), pngDeclaring(30_000, 30_000));
  writeFileSync(join(posts, "shows-bomb.md"), post(`![A huge picture](../images/${BOMB}.png)\n`));
  for (const name of ["my post.md", "café.md", "a?b.md", "a#b.md"])
    writeFileSync(join(posts, name), post("Hello.\n", "Badly named xq12"));
  const project = readFileSync(join(content, "projects/PeakLog.md"), "utf8");
  writeFileSync(join(content, "projects/dot-github.md"), project.replace(/^name: PeakLog$/m, "name: .github"));

  const links = copyContent();
  const outside = makeTempDir("g2-outside");
  renameSync(join(links, "blog/images"), join(outside, "images"));
  writeFileSync(
    join(outside, "images/leak.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><title>${LEAK}</title></svg>`,
  );
  symlinkSync(join(outside, "images"), join(links, "blog/images"));
  writeFileSync(join(links, "blog/posts/shows-leak.md"), post("![A leak](../images/leak.svg)\n"));
  // The GitHub data is read only once the content passed: its link needs a build of its own.
  const github = copyContent();
  renameSync(join(github, "github"), join(outside, "github"));
  writeFileSync(
    join(outside, "github/snapshot.json"),
    readFileSync(join(outside, "github/snapshot.json"), "utf8").replace(/"title": "[^"]*"/, `"title": "${LEAK}"`),
  );
  symlinkSync(join(outside, "github"), join(github, "github"));

  const photos = copyContent();
  const photo = await phonePhoto();
  assert.ok(photo.includes(GPS_PLACE) && photo.includes(AUTHOR), "the photo carries both");
  writeFileSync(join(photos, "blog/images/phone-photo.jpg"), photo);
  writeFileSync(join(photos, "blog/posts/shows-photo.md"), post("![A photo](../images/phone-photo.jpg)\n"));

  dirs.push(content, links, github, outside, photos);
  [smuggled, linked, githubLinked, photographed] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: links }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: github }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: photos }),
  ]);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
  for (const build of [smuggled, linked, githubLinked, photographed]) if (build) removeDir(build.outDir);
});

test("should refuse an SVG with a script or an event handler, naming the image file", () => {
  assertRefused(smuggled, {
    hostile: SCRIPT,
    mentions: [
      /blog\/images\/evil\.svg: \(content\): expected an SVG with no script, .*\(found an event handler attribute onload on <svg> at line 1\)/,
    ],
  });
});

test("should refuse an image whose name would serve it as a page", () => {
  assertRefused(smuggled, {
    hostile: "page.html",
    mentions: [
      `blog/images/page.html: (file name): expected a file name ending in .png, as this PNG image is, found ".html"`,
    ],
  });
});

test("should refuse a decompression bomb (30000 × 30000 pixels in a few bytes) from its header, naming the file", () => {
  assertRefused(smuggled, {
    hostile: BOMB,
    mentions: [
      `blog/images/${BOMB}.png: (content): expected an image of at most 50 megapixels (scale it down before adding it), found "30000 × 30000 pixels"`,
    ],
  });
});

test("should refuse post file names that are no slug, naming each file and the rule", () => {
  assertRefused(smuggled, {
    hostile: "Badly named xq12",
    mentions: ["my post.md", "café.md", "a?b.md", "a#b.md"].map(
      (name) =>
        `posts/${name}: (file name): expected a file name of 1-100 lowercase letters, digits and single \`-\` between them, then \`.md\` (it is the post's slug in URLs), found "${name}"`,
    ),
  });
});

test("should refuse a project named .github, whose folder hosts drop", () => {
  assertRefused(smuggled, {
    hostile: ".github",
    mentions: [
      /projects\/dot-github\.md: name: expected a repository name of 1-100 letters, digits, `\.`, `_` or `-`, not starting with `\.`/,
    ],
  });
});

test("should refuse blog/images as a symbolic link to a folder elsewhere, once", () => {
  assertRefused(linked, {
    hostile: LEAK,
    mentions: [/Invalid content:\n\S* +\S*\/blog\/images: \(file\): expected a file or folder, not a symbolic link/],
  });
});

test("should refuse github as a symbolic link to a folder elsewhere", () => {
  assertRefused(githubLinked, {
    hostile: LEAK,
    mentions: [/\S*\/github: \(file\): expected a file or folder, not a symbolic link/],
  });
});

test("should publish a phone photo without its GPS position or its XMP author", () => {
  assertPublishedWithout(photographed, GPS_PLACE);
  assertPublishedWithout(photographed, AUTHOR);
  assert.ok(existsSync(join(photographed.outDir, "blog/images/phone-photo.jpg")), "the photo itself is published");
});

test.run();
