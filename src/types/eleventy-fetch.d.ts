// @11ty/eleventy-fetch ships no types; this declares the part we use.
declare module "@11ty/eleventy-fetch" {
  export class AssetCache {
    constructor(key: string, directory?: string, options?: { duration?: string });
    isCacheValid(duration?: string): boolean;
    getCachedValue(): unknown;
    getCachedTimestamp(): number | undefined;
    save(contents: unknown, type?: "json" | "text" | "buffer"): Promise<void>;
  }
}
