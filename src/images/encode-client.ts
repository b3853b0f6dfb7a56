import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MAX_CONTENT_FILE_BYTES } from "../content/read-files.ts";
import {
  ChangedSourceError,
  DECODE_SETTINGS,
  encodingOf,
  type RenditionSpec,
  UnreadableImageError,
} from "./encode-rendition.ts";

/*
 * The build's side of the image encoder's process (encode-process.mjs says why it has one):
 * started on the first rendition to encode, never for a build whose renditions all come from
 * the cache, and ended by `close`, which the caller owes once its last rendition is in (or it
 * failed). Jobs are sent as they come, without waiting for earlier ones, so the process always
 * has the next one while the build goes on; they start in the order sent, two at a time.
 */

/** One rendition to make from the source at `file`, whose bytes hashed to `digest` when the build planned it. */
export interface EncodeJob {
  file: string;
  digest: string;
  spec: RenditionSpec;
  /** No further job of this source follows: its decoded pixels can go. */
  last: boolean;
}

const ENCODE_PROCESS = fileURLToPath(new URL("./encode-process.mjs", import.meta.url));
/**
 * glibc's malloc arenas for the process, unless the owner set their own: with its default (8 per
 * core) the threads encoding at once each kept their own, and the process peaked at 540 MiB on
 * the sample's images against 335 MiB with two. The bytes it makes are the same.
 */
const ARENAS = "2";

/**
 * The encoder's process stopped (killed, crashed, or never started): one sentence says so. Its
 * stack would show only where the exit was heard.
 */
export class EncoderStoppedError extends Error {
  /** Read by Eleventy's error handler: print the message without the stack. */
  readonly skipOriginalStack = true;
}

type Failure = { kind: "unreadable" | "changed" | "failed"; message: string; stack?: string };
type Reply = { id: number; bytes?: Uint8Array; error?: Failure };

/** The encoder's process for one batch of renditions. */
export class ImageEncoder {
  private child: ChildProcess | undefined;
  /** Why no job can be encoded any more (the process stopped, or was closed). */
  private stopped: Error | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }
  >();

  /**
   * The rendition's bytes. Rejects with UnreadableImageError when sharp refuses the source, with
   * ChangedSourceError when it is no longer the planned file, and with an Error saying so when
   * the process failed (a bug: the process's stack comes with it) or stopped.
   */
  encode(job: EncodeJob): Promise<Uint8Array> {
    if (this.stopped) return Promise.reject(this.stopped);
    const child = this.started();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Only while a job is out do the process and its channel keep the build's process alive;
      // the process too, or a build waiting on a process that died would end before its exit
      // event, as if it were done.
      child.ref();
      child.channel?.ref();
      // A process gone but not yet heard of (its exit event comes next) refuses the job then.
      if (!child.connected) return;
      child.send({
        id,
        file: job.file,
        digest: job.digest,
        maxBytes: MAX_CONTENT_FILE_BYTES,
        last: job.last,
        decode: DECODE_SETTINGS,
        encode: encodingOf(job.spec),
      });
    });
  }

  /** Closes the channel: the process exits, and its memory goes. A job still out is refused. */
  close(): void {
    this.stop(new Error("The image encoder was closed before every rendition was encoded."));
    if (this.child?.connected) this.child.disconnect();
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    // "advanced" serialization carries the renditions as bytes rather than as JSON numbers. No
    // --max-old-space-size or other option of the build's own is passed on: it needs none.
    const child = fork(ENCODE_PROCESS, [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      execArgv: [],
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? ARENAS },
    });
    child.on("message", (reply: Reply) => this.settle(reply));
    child.on("error", (error) =>
      this.stop(new EncoderStoppedError(`The image encoder's process could not run: ${error.message}.`)),
    );
    child.on("exit", (code, signal) =>
      this.stop(
        new EncoderStoppedError(
          `The image encoder's process stopped (${signal ?? `exit code ${code}`}) before every rendition was encoded.`,
        ),
      ),
    );
    this.child = child;
    return child;
  }

  /** A build that forgets to close it is not kept alive by it. */
  private idle(): void {
    this.child?.unref();
    this.child?.channel?.unref();
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.idle();
    if (reply.bytes instanceof Uint8Array) waiting.resolve(reply.bytes);
    else waiting.reject(errorOf(reply.error));
  }

  /** Refuses every job out, and every later one, with `reason`. */
  private stop(reason: Error): void {
    this.stopped ??= reason;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.idle();
    for (const job of waiting) job.reject(this.stopped);
  }
}

function errorOf(failure: Failure | undefined): Error {
  if (failure?.kind === "unreadable") return new UnreadableImageError(failure.message);
  if (failure?.kind === "changed") return new ChangedSourceError(failure.message);
  // A bug (or a broken install): its message and the process's stack, to find it by.
  const error = new Error(`The image encoder failed: ${failure?.message ?? "no rendition and no error came back"}`);
  if (failure?.stack) error.stack = `Error: ${error.message}\n${failure.stack.split("\n").slice(1).join("\n")}`;
  return error;
}
