import { MAX_CONTENT_FILE_BYTES } from "../content/content-limits.ts";
import { ChildJobs } from "../util/child-jobs.ts";
import { StacklessError } from "../util/stackless-error.ts";
import {
  ChangedSourceError,
  DECODE_SETTINGS,
  ENCODE_PROCESS,
  encodingOf,
  type RenditionSpec,
  UnreadableImageError,
} from "./encode-rendition.ts";

/*
 * The build's side of the image encoder's process (encode-process.mjs says why it has one):
 * started on the first rendition to encode and ended by `close`, which the caller owes. Jobs are
 * sent as they come, so the process always has the next one while the build goes on.
 */

/** One rendition to make from the source at `file`, whose bytes hashed to `digest` when the build planned it. */
export interface EncodeJob {
  file: string;
  digest: string;
  spec: RenditionSpec;
  /** No further job of this source follows: its decoded pixels can go. */
  last: boolean;
}

/** glibc's malloc arenas for the process, unless the owner set theirs: 540 MiB peak with the default, 335 with two. */
const ARENAS = "2";

/** The encoder's process stopped (killed, crashed, or never started): one sentence, no stack. */
export class EncoderStoppedError extends StacklessError {}

type Failure = { kind: "unreadable" | "changed" | "failed"; message: string; stack?: string };
type Reply = { id: number; bytes?: Uint8Array; error?: Failure };

/** The encoder's process for one batch of renditions. */
export class ImageEncoder {
  private jobs: ChildJobs<Reply> | undefined;
  /** Closed before its process started: nothing more may start it. */
  private closed: Error | undefined;

  /**
   * The rendition's bytes; rejects with UnreadableImageError or ChangedSourceError for the
   * source's fault, and with an Error when the process failed (with its stack) or stopped.
   */
  async encode(job: EncodeJob): Promise<Uint8Array> {
    if (this.closed) throw this.closed;
    const reply = await this.started().send({
      file: job.file,
      digest: job.digest,
      maxBytes: MAX_CONTENT_FILE_BYTES,
      last: job.last,
      decode: DECODE_SETTINGS,
      encode: encodingOf(job.spec),
    });
    if (reply.bytes instanceof Uint8Array) return reply.bytes;
    throw errorOf(reply.error);
  }

  /** Closes the channel: the process exits, and its memory goes. A job still out is refused. */
  close(): void {
    const reason = new Error("The image encoder was closed before every rendition was encoded.");
    this.closed ??= reason;
    this.jobs?.close(reason);
  }

  private started(): ChildJobs<Reply> {
    this.jobs ??= new ChildJobs<Reply>(ENCODE_PROCESS, {
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? ARENAS },
      couldNotRun: (error) => new EncoderStoppedError(`The image encoder's process could not run: ${error.message}.`),
      stoppedBy: (how) =>
        new EncoderStoppedError(`The image encoder's process stopped (${how}) before every rendition was encoded.`),
    });
    return this.jobs;
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
