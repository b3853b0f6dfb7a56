import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { copyContent } from "./build-site.ts";

/**
 * A copy of the sample content (remove it with `removeDir`) whose blog photos and drawings are
 * scaled down to `width` px wide (320 by default). A build from an empty cache then exercises
 * every cache kind, the image renditions included, as with the full-size images (one rendition
 * width each; srcset widths are tests/e2e/images.test.ts's), for a fraction of the encoding.
 */
export async function copyContentWithSmallImages(width = 320): Promise<string> {
  const dir = copyContent();
  const images = join(dir, "blog/images");
  for (const name of readdirSync(images).filter((file) => /\.(jpe?g|png)$/i.test(file))) {
    const file = join(images, name);
    const bytes = readFileSync(file);
    if (((await sharp(bytes).metadata()).width ?? 0) <= width) continue;
    const smaller = sharp(bytes).resize({ width });
    writeFileSync(file, await (/\.png$/i.test(name) ? smaller.png() : smaller.jpeg({ quality: 80 })).toBuffer());
  }
  return dir;
}

/**
 * Removes every project of the content copy `dir` but `keep` (their file names without `.md`).
 * Each project is a social image to render wherever the og cache has none for it: a build from
 * an empty cache, or at an address no other build uses (a new port each run). A test whose
 * point is not the number of projects keeps the few it names.
 */
export function keepOnlyProjects(dir: string, keep: readonly string[]): void {
  const projects = join(dir, "projects");
  const names = readdirSync(projects).map((file) => file.replace(/\.md$/, ""));
  const missing = keep.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new Error(`no such sample projects: ${missing.join(", ")}`);
  for (const name of names) if (!keep.includes(name)) rmSync(join(projects, `${name}.md`));
}
