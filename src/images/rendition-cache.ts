import { imageSize } from "image-size";
import { contentKey } from "../util/build-cache.ts";
import type { RenditionSpec } from "./encode-rendition.ts";

/*
 * Images kept in the build cache (src/util/build-cache.ts): post image renditions
 * (`.cache/images/`), social images and the site's icons. A rendition's key hashes the encoder
 * settings, the source's bytes and the rendition's format and size; every image entry must also
 * be an image of the expected type and size, read from its header, before it is published.
 */

/** The cache key of a rendition of the source whose bytes hash to `sourceDigest`. */
export function renditionKey(settings: string, sourceDigest: string, spec: RenditionSpec): string {
  return contentKey("rendition", settings, sourceDigest, spec.format, spec.width, spec.height, spec.drawing);
}

/** A cache entry's check (`readEntry`): the bytes when they begin as an image of this type (image-size's name) and exact size. */
export function imageOf(type: string, width: number, height: number): (bytes: Buffer) => Buffer | undefined {
  return (bytes) => {
    const found = imageSize(bytes);
    return found.type === type && found.width === width && found.height === height ? bytes : undefined;
  };
}
