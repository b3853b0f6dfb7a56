import { type ChildProcess, fork } from "node:child_process";

/*
 * A process that does jobs for the build over its IPC channel, one message each way per job (the
 * social images, the image encoder). It keeps the build alive only while a job is out (else a
 * build waiting on a dead one would end unheard: exit code 13). One that stops, or cannot
 * start, refuses every job out and every later one.
 */

export interface ChildJobsOptions {
  /** The process's environment; the build's own by default. */
  env?: NodeJS.ProcessEnv;
  couldNotRun(error: Error): Error;
  /** The error for a process that stopped: `how` is its signal or "exit code N". */
  stoppedBy(how: string): Error;
}

/** A reply names the job it answers. */
export class ChildJobs<Reply extends { id: number }> {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  /** Why no job can be done any more, once the process stopped or was closed. */
  stopped: Error | undefined;

  constructor(file: string, options: ChildJobsOptions) {
    // "advanced" serialization carries bytes as bytes; none of the build's own options is passed on.
    this.child = fork(file, [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      execArgv: [],
      env: options.env ?? process.env,
    });
    this.child.on("message", (reply: Reply) => this.settle(reply));
    this.child.on("error", (error) => this.stop(options.couldNotRun(error)));
    this.child.on("exit", (code, signal) => this.stop(options.stoppedBy(signal ?? `exit code ${code}`)));
    this.idle();
  }

  /** Sends `message` with a job id and resolves with the reply to it. */
  send(message: object): Promise<Reply> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.ref();
      this.child.channel?.ref();
      // A process gone but not yet heard of (its exit event comes next) refuses the job then.
      if (this.child.connected) this.child.send({ ...message, id });
    });
  }

  /** Closes the channel: the process exits, and its memory goes. A job still out is refused with `reason`. */
  close(reason: Error): void {
    this.stop(reason);
    if (this.child.connected) this.child.disconnect();
  }

  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.idle();
    waiting.resolve(reply);
  }

  /** Refuses every job out, and every later one, with `reason` (the first one given). */
  private stop(reason: Error): void {
    this.stopped ??= reason;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.idle();
    for (const job of waiting) job.reject(this.stopped);
  }
}
