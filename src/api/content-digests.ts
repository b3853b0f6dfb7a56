import { join } from "node:path";
import { buildCacheDir, keepInBuildCache, warnCacheOnce } from "../util/build-cache.ts";
import { checksummed, readChecksummed } from "../util/checksummed-file.ts";

/*
 * The manifests' content digests kept between builds (`.cache/manifest/`), by the SHA-256 of
 * the file's bytes. An envelope file's content digest is a function of its bytes alone (the
 * canonical JSON of its `data`, src/api/manifest.ts), and the manifest hashes the bytes anyway:
 * a file whose bytes did not change since the last build has the same content digest, without
 * parsing and serializing it again. That was most of the manifests' time, and a tenth of a
 * 4,000-post rebuild (docs/performance.md).
 *
 * The file is checksummed (src/util/checksummed-file.ts) and every entry must be two SHA-256
 * digests; a file that is not is discarded with one warning and every digest computed afresh.
 * Only this build's files are kept, so the file never grows past one site's.
 */

/** Changes when the content digest's definition changes, which makes every entry new. */
const FORMAT = "content-digests/1 jcs envelope-data";
const DIGEST = /^[0-9a-f]{64}$/;

export class ContentDigests {
  private readonly known = new Map<string, string>();
  private readonly used = new Map<string, string>();
  private changed = false;
  private readonly file: string | undefined;

  constructor(file: string | undefined) {
    this.file = file;
    if (file === undefined) return;
    const read = readChecksummed(file);
    if (read === undefined) return;
    const why = typeof read === "string" ? read : this.take(read.value);
    if (why) {
      this.known.clear();
      this.changed = true;
      warnCacheOnce(
        file,
        (name) => `The content-digest cache ${name} ${why}: it is discarded and every digest is computed afresh.`,
      );
    }
  }

  /** The build cache's file (none when the cache is off or its folder cannot be used). */
  static inBuildCache(): ContentDigests {
    const dir = buildCacheDir("manifest");
    return new ContentDigests(dir === undefined ? undefined : join(dir, "content-digests.json"));
  }

  /** The content digest of the envelope file whose bytes hash to `bytesSha256`, computed by `compute` when not kept. */
  of(bytesSha256: string, compute: () => string): string {
    let digest = this.known.get(bytesSha256);
    if (digest === undefined) {
      digest = compute();
      this.changed = true;
    }
    this.used.set(bytesSha256, digest);
    return digest;
  }

  /** Keeps this build's digests for the next one. */
  save(): void {
    if (this.file === undefined || (!this.changed && this.used.size === this.known.size)) return;
    keepInBuildCache(this.file, checksummed({ format: FORMAT, digests: Object.fromEntries(this.used) }));
  }

  /** Takes the entries of a parsed file; says why when it is not one. */
  private take(value: unknown): string | undefined {
    const { format, digests } = (value ?? {}) as { format?: unknown; digests?: unknown };
    // Another format's file is not damaged: its entries are just not these.
    if (format !== FORMAT) return undefined;
    if (typeof digests !== "object" || digests === null || Array.isArray(digests)) return "does not hold digests";
    for (const [bytes, content] of Object.entries(digests)) {
      if (!DIGEST.test(bytes) || typeof content !== "string" || !DIGEST.test(content)) return "does not hold digests";
      this.known.set(bytes, content);
    }
    return undefined;
  }
}
