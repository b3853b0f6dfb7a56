// @11ty/eleventy ships no types for its programmatic API; this declares what scripts/build-staged.ts uses.
declare module "@11ty/eleventy" {
  export interface EleventyErrorHandler {
    once(type: string, error: unknown, message: string): void;
  }
  export default class Eleventy {
    constructor(
      input?: string,
      output?: string,
      options?: { source?: string; quietMode?: boolean; configPath?: string },
    );
    errorHandler: EleventyErrorHandler;
    /** The closing line Eleventy prints after every build, a failed one too. */
    logFinished(): string;
    init(): Promise<void>;
    write(): Promise<unknown>;
  }
  export interface UserConfig {
    addPlugin(plugin: unknown, options?: unknown): unknown;
  }
}
