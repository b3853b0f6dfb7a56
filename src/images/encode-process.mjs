// @ts-check
/*
 * The image encoder's own process (started by src/images/encode-client.ts): sharp (libvips)
 * decodes each post image here and encodes its renditions, and their bytes go back over the IPC
 * channel.
 *
 * Why a process of its own: libvips keeps native memory (outside V8's heap) that no garbage
 * collection gives back, about 130 MiB once a cold build had encoded its images, for the rest of
 * that build (docs/performance.md, "Memory"). This process exits when the build closes the
 * channel, and that memory goes with it.
 *
 * Why a path and a digest, not the bytes: the build has already read each source once, to plan
 * it (src/blog/image-files.ts: inside the content folder, no symbolic link, at most a size), and
 * keeps only its digest. Sending the bytes would read the file again there and copy it twice
 * more (into the channel, out of it) on the build's main thread; reading it here costs the build
 * nothing. What is read must hash to the digest the build planned with (the renditions' names and
 * cache keys hash it), else a file changed during the build would publish other pixels under the
 * planned names: it is refused as changed. It is opened without following a symbolic link and
 * must be a regular file (a FIFO put in its place must not hang this process) no larger than the
 * build allows.
 *
 * Plain JavaScript because Node runs it directly (Node 20 cannot strip types); the settings come
 * with each job (src/images/encode-rendition.ts chooses them). Jobs start in the order sent, two
 * at a time (AT_ONCE); a source is decoded once for its renditions, which the build sends one
 * after another, and its pixels are dropped after the job marked `last`, or when another source
 * comes (so at most two sources' pixels are held, while one's last job ends and the next starts).
 *
 * Messages in: { id, file, digest, maxBytes, last, decode: { maxWidth, pixelLimit },
 *   encode: { format, width, height, options } }.
 * Messages out: { id, bytes } (a Uint8Array) or { id, error: { kind, message, stack } }, kind
 *   "unreadable" (sharp refused the source), "changed" (not the planned file) or "failed" (a bug).
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";

/**
 * @typedef {{ maxWidth: number, pixelLimit: number }} DecodeSettings
 * @typedef {{ format: "avif" | "webp" | "jpeg" | "png", width: number, height: number, options: Record<string, number | boolean> }} Encoding
 * @typedef {{ id: number, file: string, digest: string, maxBytes: number, last: boolean, decode: DecodeSettings, encode: Encoding }} Job
 * @typedef {{ data: Buffer, info: { width: number, height: number, channels: 1 | 2 | 3 | 4 } }} Decoded
 * @typedef {"unreadable" | "changed" | "failed"} FailureKind
 */

/** A job's failure that is the content's (the source), not a bug: sent as its kind and message. */
class SourceError extends Error {
  /** @param {FailureKind} kind @param {string} message */
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** sharp, loaded with the first job. @type {Promise<typeof import("sharp")> | undefined} */
let loading;
const loadSharp = () => {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
};
/** The source being worked on, decoded once. @type {{ file: string, digest: string, decoded: Promise<Decoded> } | undefined} */
let current;

/**
 * The source's bytes, as the build planned with them.
 * @param {Job} job @returns {Buffer}
 */
function plannedBytes(job) {
  let fd;
  try {
    fd = openSync(job.file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw new SourceError("changed", `it could not be opened again (${codeOf(error)})`);
  }
  try {
    const entry = fstatSync(fd);
    if (!entry.isFile()) throw new SourceError("changed", "it is no longer a regular file");
    if (entry.size > job.maxBytes) throw new SourceError("changed", `it grew to ${entry.size} bytes`);
    const bytes = readFileSync(fd);
    if (createHash("sha256").update(bytes).digest("hex") !== job.digest)
      throw new SourceError("changed", "its bytes changed after the build read it");
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** @param {unknown} error */
function codeOf(error) {
  const code = /** @type {{ code?: unknown }} */ (error)?.code;
  return typeof code === "string" ? code : String(error);
}

/**
 * Decodes a source once for all its renditions (decoding a 3600-px JPEG nine times cost more
 * than encoding): upright, in sRGB, never wider than the widest rendition.
 * @param {Job} job @returns {Promise<Decoded>}
 */
async function decode(job) {
  const bytes = plannedBytes(job);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: job.decode.pixelLimit, failOn: "error" })
      .rotate()
      .resize({ width: job.decode.maxWidth, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch (error) {
    throw new SourceError("unreadable", error instanceof Error ? error.message : String(error));
  }
}

/** @param {Job} job @returns {Promise<Uint8Array>} */
async function encode(job) {
  if (current?.file !== job.file || current.digest !== job.digest)
    current = { file: job.file, digest: job.digest, decoded: decode(job) };
  const source = current;
  try {
    const decoded = await source.decoded;
    const sharp = await loadSharp();
    const { format, width, height, options } = job.encode;
    const image = sharp(decoded.data, { raw: decoded.info }).resize(width, height, { fit: "fill" });
    const bytes = await image[format](options).toBuffer();
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    // Its pixels go with its last rendition (or its failure, which every later job repeats).
    if (job.last && current === source) current = undefined;
  }
}

/** @param {unknown} error */
function failure(error) {
  if (error instanceof SourceError) return { kind: error.kind, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "failed", message, stack: error instanceof Error ? error.stack : undefined };
}

/**
 * Jobs encoded at once. sharp runs each on one libvips thread here (it sets libvips's
 * concurrency to 1 on glibc, against fragmentation), so two use both cores of the build machine
 * while the build's own thread goes on: the sample's cold build took 7.1 s twice, against 9.4
 * and 12.2 s one at a time. Not more: each holds an image and an encoder's buffers, and memory
 * is what this process is for.
 */
const AT_ONCE = 2;
/** @type {Job[]} */
const waiting = [];
let running = 0;

function next() {
  while (running < AT_ONCE && waiting.length > 0) {
    const job = /** @type {Job} */ (waiting.shift());
    running += 1;
    encode(job)
      .then(
        (bytes) => process.send?.({ id: job.id, bytes }),
        (error) => process.send?.({ id: job.id, error: failure(error) }),
      )
      .finally(() => {
        running -= 1;
        next();
      });
  }
}

process.on("message", (/** @type {Job} */ job) => {
  waiting.push(job);
  next();
});
// The build closed the channel (done, failed, or gone): nothing more will come.
process.on("disconnect", () => process.exit(0));
