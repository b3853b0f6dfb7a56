// Which network interface `npm start` listens on. Eleventy's dev server listens on every
// interface while it prints "localhost", which puts a preview (drafts and scheduled posts
// included, once they are built) on the local network unasked. It has no option for the
// address, so its listen step is replaced here, before Eleventy starts it: loopback by default,
// FOLIO_DEV_HOST=0.0.0.0 (or an address) to show the preview to other machines on purpose.
// Plain JavaScript beside the compiled module: it must patch the very module instance Eleventy
// imports from node_modules, which a bundled copy would not be. The dev server is imported only
// by `npm start` (loading it cost a build 31 ms for nothing).

/** The address the dev server binds: FOLIO_DEV_HOST, or the IPv4 loopback. */
/** @param {NodeJS.ProcessEnv} env */
export function devServerHost(env = process.env) {
  const host = (env.FOLIO_DEV_HOST ?? "").trim();
  return host === "" ? "127.0.0.1" : host;
}

/** True when the preview is deliberately reachable from other machines. */
/** @param {NodeJS.ProcessEnv} env */
export function devServerExposed(env = process.env) {
  return !["127.0.0.1", "localhost", "::1"].includes(devServerHost(env));
}

/**
 * Makes Eleventy's dev server listen on devServerHost(); called by the configuration when
 * Eleventy serves (before it imports the server itself, which gets this same module instance).
 * The original is `this.server.listen({ port })`; the retry on a busy port calls it again.
 * Assigning the same function again (the config reloads on code edits) changes nothing.
 */
export async function listenOnDevServerHost() {
  const { default: EleventyDevServer } = await import("@11ty/eleventy-dev-server");
  EleventyDevServer.prototype._serverListen = listenOnHost;
}

/**
 * @this {import("@11ty/eleventy-dev-server").default}
 * @param {number} port
 */
function listenOnHost(port) {
  this.server.listen({ port, host: devServerHost() });
}
