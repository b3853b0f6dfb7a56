import Eleventy from "@11ty/eleventy";
import { test } from "uvu";
import * as assert from "uvu/assert";

/*
 * The watcher's configuration as Eleventy holds it once the project's configuration has run
 * (in a process of its own: loading it sets the build cache's folder for the process).
 * `setChokidarConfig` replaces the options of an earlier call, so two calls from two places lose
 * the first (it happened once: a link in content/ to / would crash `npm start` again).
 */

test("should watch without following links, and build 20 ms after a saved file settles", async () => {
  // Eleventy's own configuration object, which its types (src/types/eleventy.d.ts) leave out.
  const eleventy = new Eleventy(".", "_site", { quietMode: true }) as unknown as {
    initializeConfig(): Promise<void>;
    eleventyConfig: {
      getConfig(): { chokidarConfig: object };
      userConfig: { ignores: Set<string>; watchIgnores: Set<string> };
    };
  };
  await eleventy.initializeConfig();
  const config = eleventy.eleventyConfig;
  assert.equal(config.getConfig().chokidarConfig, {
    followSymlinks: false,
    awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 5 },
  });
  // The template search skips the content folder, which only our loader reads.
  assert.ok(config.userConfig.ignores.has("content/**"));
  // A code edit is `node --watch`'s to restart for: Eleventy's own rebuild raced the restart.
  assert.ok(config.userConfig.watchIgnores.has("src/**"));
});

test.run();
