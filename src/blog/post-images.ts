import { dirname, relative, resolve, sep } from "node:path";
import type { Static } from "@sinclair/typebox";
import type { SiteConfig } from "../config/site-config.ts";
import { publishedUrl, sitePaths } from "../config/site-paths.ts";
import type { ContentProblem } from "../content/content-error.ts";
import { displayPath } from "../content/read-files.ts";
import { encoderSettings } from "../images/encode-rendition.ts";
import { planImage, type ImagePlan } from "../images/rendition-plan.ts";
import type { Cover } from "../schemas/blog/posts.ts";
import { readImage } from "./image-files.ts";

/** A post's local images by the URL they are published at: the file in the content folder and its plan. */
type Pictures = Map<string, { source: string; plan: ImagePlan }>;

/**
 * A reader of the images one post (`file`, named `where` in `problems`) shows: each as written
 * (relative to the post) must be an image file in `blog/images`; `pictures` gathers those read, by
 * the URL the post's HTML, feeds and API show. A refused image is null, its problem added; none
 * is read when `blog/images` is a symbolic link (`imagesLinked`, reported already).
 */
export function postImages(
  file: string,
  where: string,
  problems: ContentProblem[],
  blog: { config: SiteConfig; paths: { images: string }; imagesLinked: boolean },
): { pictures: Pictures; localImage: (written: string, field: string) => Static<typeof Cover> | null } {
  const pictures: Pictures = new Map();
  const localImage = (written: string, field: string): Static<typeof Cover> | null => {
    const decoded = decodedPath(written);
    const target = decoded === null ? null : resolve(dirname(file), decoded);
    const inside = target === null ? "" : relative(blog.paths.images, target);
    const refuse = (expected: string): null => {
      problems.push({ file: where, field, expected, actual: written });
      return null;
    };
    if (target === null || /^[a-z][a-z0-9+.-]*:/i.test(written) || inside.startsWith("..") || inside === "")
      return refuse(`an image file in ${displayPath(blog.paths.images)}, referenced relative to the post`);
    if (blog.imagesLinked) return null;
    const size = readImage(target, blog.config.contentDir);
    // The image's own problems name the image file; a post naming it says nothing more.
    if (Array.isArray(size)) {
      problems.push(...size);
      return null;
    }
    if (!size) return refuse("an existing, readable image file (PNG, JPEG, GIF, WebP or SVG)");
    const url = publishedUrl(blog.config, sitePaths(blog.config).blog.image(inside.split(sep).join("/")));
    const plan = planImage({ url, ...size }, encoderSettings());
    pictures.set(plan.fallback.url, { source: target, plan });
    return { url: plan.fallback.url, width: plan.fallback.width, height: plan.fallback.height, alt: "" };
  };
  return { pictures, localImage };
}

/** The path part of a written link or image, percent-decoded; null when its escapes are not valid UTF-8. */
export function decodedPath(written: string): string | null {
  try {
    return decodeURI(written.split(/[?#]/)[0] ?? "");
  } catch {
    return null;
  }
}
