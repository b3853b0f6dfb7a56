import { existsSync, readFileSync } from "node:fs";
import { imageSize } from "image-size";

export interface ImageFacts {
  width: number;
  height: number;
}

/** Pixel size of an image file, read from the file itself; null when it is missing or unreadable. */
export function readImageSize(file: string, cache: Map<string, ImageFacts | null>): ImageFacts | null {
  if (cache.has(file)) return cache.get(file) ?? null;
  let facts: ImageFacts | null = null;
  if (existsSync(file)) {
    try {
      const size = imageSize(readFileSync(file));
      if (size.width && size.height) facts = { width: size.width, height: size.height };
    } catch {
      facts = null;
    }
  }
  cache.set(file, facts);
  return facts;
}
