import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type EncodeJob, EncoderStoppedError, ImageEncoder } from "../../../src/images/encode-client.ts";
import { ChangedSourceError, type RenditionSpec, UnreadableImageError } from "../../../src/images/encode-rendition.ts";
import { ENCODE_OPTIONS } from "../../../src/images/encode-rendition.ts";
import { MAX_WIDTH } from "../../../src/images/rendition-plan.ts";
import { childProcesses } from "../support/child-processes.ts";

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "img-encode-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const digestOf = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** A source written into the test's folder, with the digest a plan would give it. */
function source(name: string, bytes: Uint8Array): { file: string; digest: string } {
  const file = join(root, name);
  writeFileSync(file, bytes);
  return { file, digest: digestOf(bytes) };
}

/** A picture with detail in it (a gradient and noise), so that each encoder has work to do. */
async function picture(width: number, height: number): Promise<sharp.Sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7 + ((i * 2654435761) >>> 24)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** What the build made before the encoder had a process of its own: the same steps, in the test's. */
async function inProcess(bytes: Uint8Array, spec: RenditionSpec): Promise<Buffer> {
  const { data, info } = await sharp(bytes, { failOn: "error" })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize(
    spec.width,
    spec.height,
    { fit: "fill" },
  );
  switch (spec.format) {
    case "avif":
      return image.avif(spec.drawing ? ENCODE_OPTIONS.avifDrawing : ENCODE_OPTIONS.avif).toBuffer();
    case "webp":
      return image.webp(ENCODE_OPTIONS.webp).toBuffer();
    case "jpeg":
      return image.jpeg(ENCODE_OPTIONS.jpeg).toBuffer();
    case "png":
      return image.png(ENCODE_OPTIONS.png).toBuffer();
  }
}

/** The encoder processes that are this test's children. */
const encoderProcesses = (): number[] => childProcesses("encode-process.mjs");

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends every job at once (two are encoded at a time) and holds each rendition to encoding in this process. */
async function assertEncodedAsInProcess(jobs: EncodeJob[], bytesOf: (file: string) => Buffer): Promise<void> {
  const encoder = new ImageEncoder();
  try {
    const made = await Promise.all(jobs.map((job) => encoder.encode(job)));
    for (const [index, job] of jobs.entries()) {
      const expected = await inProcess(bytesOf(job.file), job.spec);
      assert.ok(Buffer.from(made[index] ?? []).equals(expected), `${job.file} as ${job.spec.format}`);
    }
  } finally {
    encoder.close();
  }
}

test("should encode a PNG's and a JPEG's renditions byte-identical to encoding in the build's process", async () => {
  const png = await (await picture(96, 64)).png().toBuffer();
  // Turned by its EXIF orientation (6: a quarter), as a phone's photo is.
  const jpeg = await (await picture(64, 96)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
  const jobs = [
    ...(["avif", "webp", "png"] as const).map((format) => ({
      ...source("drawing.png", png),
      spec: { format, width: 48, height: 32, drawing: true },
    })),
    ...(["avif", "webp", "jpeg"] as const).map((format) => ({
      ...source("photo.jpg", jpeg),
      spec: { format, width: 60, height: 40, drawing: false },
    })),
  ];
  await assertEncodedAsInProcess(
    jobs.map((job, index) => ({ ...job, last: jobs[index + 1]?.file !== job.file })),
    (file) => (file.endsWith(".png") ? png : jpeg),
  );
});

test("should encode a source met again after another (A, B, A) from its own pixels, two jobs at a time", async () => {
  const png = await (await picture(96, 64)).png().toBuffer();
  const jpeg = await (await picture(90, 60)).jpeg({ quality: 90 }).toBuffer();
  const [drawing, photo] = [source("again.png", png), source("between.jpg", jpeg)];
  const jobs: EncodeJob[] = [
    { ...drawing, spec: { format: "webp", width: 48, height: 32, drawing: true }, last: false },
    { ...photo, spec: { format: "jpeg", width: 45, height: 30, drawing: false }, last: true },
    { ...drawing, spec: { format: "png", width: 24, height: 16, drawing: true }, last: true },
  ];
  await assertEncodedAsInProcess(jobs, (file) => (file.endsWith(".png") ? png : jpeg));
});

test("should refuse a truncated JPEG as unreadable, with the decoder's message and no path", async () => {
  const whole = await (await picture(200, 150)).jpeg().toBuffer();
  const cut = source("cut.jpg", whole.subarray(0, Math.floor(whole.length / 2)));
  const encoder = new ImageEncoder();
  try {
    const error = await encoder
      .encode({ ...cut, spec: { format: "webp", width: 100, height: 75, drawing: false }, last: true })
      .catch((thrown: unknown) => thrown);
    assert.instance(error, UnreadableImageError);
    const message = (error as Error).message;
    assert.ok(message.length > 0);
    assert.not.match(message, /cut\.jpg|img-encode-/);
  } finally {
    encoder.close();
  }
});

test("should refuse a source that is no longer the planned file: other bytes, a link, a FIFO", async () => {
  const bytes = await (await picture(40, 30)).png().toBuffer();
  const planned = source("planned.png", bytes);
  writeFileSync(planned.file, Buffer.concat([bytes, Buffer.from("more")]));
  symlinkSync(join(root, "planned.png"), join(root, "link.png"));
  execFileSync("mkfifo", [join(root, "fifo.png")]);
  const spec: RenditionSpec = { format: "png", width: 20, height: 15, drawing: true };
  const encoder = new ImageEncoder();
  try {
    const errors = await Promise.all(
      [planned.file, join(root, "link.png"), join(root, "fifo.png")].map((file) =>
        encoder.encode({ file, digest: planned.digest, spec, last: true }).catch((thrown: unknown) => thrown),
      ),
    );
    assert.equal(
      errors.map((error) => [error instanceof ChangedSourceError, (error as Error).message]),
      [
        [true, "its bytes changed after the build read it"],
        [true, "it could not be opened again (ELOOP)"],
        [true, "it is no longer a regular file"],
      ],
    );
  } finally {
    encoder.close();
  }
});

test("should refuse a job with a clear error, not hang, when its process is killed", async () => {
  const photo = source("big.jpg", await (await picture(1600, 1200)).jpeg().toBuffer());
  const encoder = new ImageEncoder();
  try {
    const job = encoder
      .encode({ ...photo, spec: { format: "avif", width: 1600, height: 1200, drawing: false }, last: true })
      .catch((thrown: unknown) => thrown);
    await until(() => encoderProcesses().length === 1, "the encoder's process");
    for (const pid of encoderProcesses()) process.kill(pid, "SIGKILL");
    const error = await job;
    assert.instance(error, EncoderStoppedError);
    assert.is(
      (error as Error).message,
      "The image encoder's process stopped (SIGKILL) before every rendition was encoded.",
    );
    // And every later job, without starting another process.
    const later = await encoder
      .encode({ ...photo, spec: { format: "webp", width: 16, height: 12, drawing: false }, last: true })
      .catch((thrown: unknown) => thrown);
    assert.is((later as Error).message, (error as Error).message);
    assert.equal(encoderProcesses(), []);
  } finally {
    encoder.close();
  }
});

test("should fail with the process's own message and stack on a bug, not as the content's fault", async () => {
  const png = source("p.png", await (await picture(20, 20)).png().toBuffer());
  const encoder = new ImageEncoder();
  try {
    const error = await encoder
      .encode({ ...png, spec: { format: "webp", width: 0, height: 10, drawing: true }, last: true })
      .catch((thrown: unknown) => thrown);
    assert.instance(error, Error);
    assert.not.instance(error, UnreadableImageError);
    assert.not.instance(error, ChangedSourceError);
    assert.match((error as Error).message, /^The image encoder failed: Expected positive integer for width/);
    assert.match((error as Error).stack ?? "", /encode-process\.mjs/);
  } finally {
    encoder.close();
  }
});

test("should start no process before the first job, and leave none once closed", async () => {
  await until(() => encoderProcesses().length === 0, "the earlier tests' processes to exit");
  const encoder = new ImageEncoder();
  assert.equal(encoderProcesses(), []);
  const png = source("p.png", await (await picture(20, 20)).png().toBuffer());
  await encoder.encode({ ...png, spec: { format: "webp", width: 10, height: 10, drawing: true }, last: true });
  assert.is(encoderProcesses().length, 1);
  encoder.close();
  await until(() => encoderProcesses().length === 0, "the encoder's process to exit");
});

test.run();
