// @11ty/eleventy ships no types; this declares what scripts/ (build-staged, start) and src/eleventy/ (the plugins) use.
declare module "@11ty/eleventy" {
  export interface EleventyErrorHandler {
    once(type: string, error: unknown, message: string): void;
  }
  export default class Eleventy {
    constructor(
      input?: string,
      output?: string,
      options?: { source?: string; quietMode?: boolean; configPath?: string; runMode?: "build" | "watch" | "serve" },
    );
    errorHandler: EleventyErrorHandler;
    /** Its console logger: `forceLog` prints the watcher's "File added: …" lines. */
    logger: { forceLog(message: string): void };
    /** The closing line Eleventy prints after every build, a failed one too. */
    logFinished(): string;
    init(): Promise<void>;
    write(): Promise<unknown>;
    watch(): Promise<void>;
    serve(port: number): void;
    stopWatch(): Promise<void>;
    /** chokidar's watcher, once `watch()` has set it up. */
    watcher?: { on(event: "unlink", listener: (path: string) => void): void };
  }
  export interface UserConfig {
    addPlugin<T>(plugin: (config: never, options: T) => unknown, options?: T): void;
    addDataExtension(ext: string, options: { read: boolean; parser: (file: string) => Promise<unknown> }): void;
    addExtension(
      ext: string,
      options: {
        key: string;
        getData: string[];
        getInstanceFromInputPath(file: string): Promise<object>;
        compile(content: string, file: string): Promise<(data: Record<string, unknown>) => Promise<unknown>>;
      },
    ): void;
    addTemplateFormats(format: string): void;
    /** `output`: the output folder, `--output` included; read once Eleventy has settled it. */
    readonly directories: { input: string; output: string };
    /** `/` or `/portfolio/`; available to plugins once the config file has returned it. */
    readonly pathPrefix?: string;
    setServerOptions(options: Record<string, unknown>): void;
    /** The templates added by `addTemplate`, by path in the input folder. */
    readonly virtualTemplates: Record<string, { content: unknown }>;
    addWatchTarget(target: string): void;
    readonly ignores: Set<string>;
    /** Globs the watcher leaves out (the templates' search still reads them). */
    readonly watchIgnores: Set<string>;
    setWatchJavaScriptDependencies(watch: boolean): void;
    /** chokidar's options for the watcher, over Eleventy's own; each call replaces the last. */
    setChokidarConfig(options: {
      followSymlinks: boolean;
      awaitWriteFinish: { stabilityThreshold: number; pollInterval: number };
    }): void;
    /** The transforms added (`addTransform`), by name. */
    readonly transforms: Record<string, unknown>;
    /** What rewrites HTML after the transforms: URL callbacks and posthtml plugins, by extension. */
    readonly htmlTransformer: {
      callbacks: Record<string, unknown[]>;
      plugins: Record<string, { name?: string }[]>;
    };
    /** `results`: what `eleventy.after` reports of the rendered templates. */
    on(
      event: string,
      handler: (arg: {
        directories: { output: string };
        results?: { outputPath: string | false; content: unknown }[];
        outputMode?: string;
      }) => unknown,
    ): void;
  }
}
