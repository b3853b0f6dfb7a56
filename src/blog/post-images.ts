import { dirname, join, relative, resolve, sep } from "node:path";
import type { Static } from "@sinclair/typebox";
import type { SiteConfig } from "../config/site-config.ts";
import { publishedUrl, sitePaths } from "../config/site-paths.ts";
import { displayPath } from "../content/read-files.ts";
import { type ContentProblem, printable } from "../content/content-error.ts";
import { encoderSettings } from "../images/encode-rendition.ts";
import { planImage, type ImagePlan } from "../images/rendition-plan.ts";
import type { ProfileFile } from "../content/content-schemas.ts";
import type { Cover } from "../schemas/blog/posts.ts";
import { readImage } from "./image-files.ts";
import { PATH_CONTROL_CHARACTER } from "../util/control-characters.ts";

/** A post's local images by the URL they are published at: the file in the content folder and its plan. */
type Pictures = Map<string, { source: string; plan: ImagePlan }>;

/** The owner's photo (profile.yaml's `photo`): its file, its plan and its alt text. */
export type ProfilePhoto = { source: string; plan: ImagePlan; alt: string };

/**
 * A reader of the images one post (`file`, named `where` in `problems`) shows: each as written
 * (relative to the post) must be an image file in `blog/images`; `pictures` gathers those read, by
 * the URL the post's HTML, feeds and API show. A refused image is null, its problem added; none
 * is read when `blog/images` is a symbolic link (`imagesLinked`, reported already). Another folder
 * (`paths.images`) is published by `url`, its images referenced relative to `relativeTo`.
 */
export function postImages(
  file: string,
  where: string,
  problems: ContentProblem[],
  blog: {
    config: SiteConfig;
    paths: { images: string };
    imagesLinked: boolean;
    url?: (inside: string) => string;
    relativeTo?: string;
  },
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
      return refuse(
        `an image file in ${displayPath(blog.paths.images)}, referenced relative to ${blog.relativeTo ?? "the post"}`,
      );
    const control = PATH_CONTROL_CHARACTER.exec(decoded ?? "")?.[0];
    if (control) return refuse(`an image path without control characters (found ${printable(control)} once decoded)`);
    if (blog.imagesLinked) return null;
    const size = readImage(target, blog.config.contentDir);
    // The image's own problems name the image file; a post naming it says nothing more.
    if (Array.isArray(size)) {
      problems.push(...size);
      return null;
    }
    if (!size) return refuse("an existing, readable image file (PNG, JPEG, GIF, WebP or SVG)");
    const url = publishedUrl(blog.config, (blog.url ?? sitePaths(blog.config).blog.image)(inside.split(sep).join("/")));
    const plan = planImage({ url, ...size }, encoderSettings());
    pictures.set(plan.fallback.url, { source: target, plan });
    return { url: plan.fallback.url, width: plan.fallback.width, height: plan.fallback.height, alt: "" };
  };
  return { pictures, localImage };
}

/**
 * profile.yaml's photo, read as a post's cover is but from anywhere in the content folder
 * (relative to profile.yaml) and published under `/images/`; null without one, or refused (in `problems`).
 */
export function profilePhoto(
  config: SiteConfig,
  photo: ProfileFile["photo"],
  problems: ContentProblem[],
): ProfilePhoto | null {
  if (!photo) return null;
  const file = join(config.contentDir, "profile.yaml");
  const { pictures, localImage } = postImages(file, displayPath(file), problems, {
    config,
    paths: { images: config.contentDir },
    imagesLinked: false,
    url: sitePaths(config).image,
    relativeTo: "profile.yaml",
  });
  const picture = pictures.get(localImage(photo.src, "photo.src")?.url ?? "");
  return picture ? { ...picture, alt: photo.alt } : null;
}

/** A link's or image's path, each name decoded as a URL's (`%23` is `#`); null for bad UTF-8 or a slash in a name. */
export function decodedPath(written: string): string | null {
  try {
    const names = (written.split(/[?#]/)[0] ?? "").split("/").map(decodeURIComponent);
    return names.some((name) => name.includes("/")) ? null : names.join("/");
  } catch {
    return null;
  }
}
