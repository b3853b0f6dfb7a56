// The one way scripts/mirror-api.mjs asks a server for anything: a GET that cannot hang, grow
// without bound or wander off the manifest's origin (docs/robustness.md, "The mirror client").
// Node's own http and https, not fetch: fetch has no connect timeout of ours, follows redirects
// anywhere by default, and reads a body whole.
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";

/**
 * @typedef {object} Limits
 * @property {number} connectTimeoutMs from asking to being connected
 * @property {number} readTimeoutMs the longest silence once connected: before the answer, and between two parts of it
 * @property {number} maxRedirects redirects followed for one file, all on the manifest's origin
 * @property {number} maxManifestBytes the size of the manifest itself
 */

/** Why the mirror stops: printed once, without a stack. */
export class MirrorError extends Error {}

/**
 * A value from the manifest or a server, quoted so a control character is shown, never sent:
 * JSON.stringify escapes C0, and DEL and C1 (U+009B starts a terminal sequence too) are escaped here.
 * @param {unknown} value
 */
export const quote = (value) =>
  JSON.stringify(String(value)).replace(
    /[\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url`, following at most `limits.maxRedirects` redirects on `origin`, and yields the
 * body's parts while the whole stays within `maxBytes`. Fails with a MirrorError when the server
 * is not reached or goes silent in time, redirects elsewhere, answers other than 200, or says
 * more than `maxBytes` (`whose` says whose limit that is, for the message). A consumer that
 * stops early (or throws) closes the connection.
 * @param {string} url
 * @param {string} origin
 * @param {number} maxBytes
 * @param {string} whose e.g. "the manifest gives"
 * @param {Limits} limits
 * @returns {AsyncGenerator<Buffer, void, void>}
 */
export async function* boundedGet(url, origin, maxBytes, whose, limits) {
  for (let redirects = 0; ; redirects++) {
    const exchange = await ask(url, limits);
    try {
      const { res } = exchange;
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        url = redirectTarget(url, res.headers.location, origin, redirects, limits.maxRedirects);
        continue;
      }
      if (status !== 200) throw new MirrorError(`${url} answered ${status}`);
      const announced = Number(res.headers["content-length"]);
      if (announced > maxBytes)
        throw new MirrorError(`${quote(url)} announces ${announced} bytes, more than the ${maxBytes} bytes ${whose}`);
      let size = 0;
      for await (const chunk of res) {
        size += chunk.length;
        if (size > maxBytes) throw new MirrorError(`${quote(url)} sent more than the ${maxBytes} bytes ${whose}`);
        // What the consumer does with it never comes back through the catch below.
        yield/** @type {Buffer} */ (chunk);
      }
      return;
    } catch (error) {
      if (error instanceof MirrorError) throw error;
      // A timeout destroys the request: the body then ends in a plain "aborted" that says less.
      throw exchange.failure() ?? new MirrorError(`${quote(url)}: the connection broke off (${describe(error)})`);
    } finally {
      exchange.req.destroy();
    }
  }
}

/**
 * Where a redirect from `url` leads, if it may be followed.
 * @param {string} url @param {string | undefined} location @param {string} origin
 * @param {number} redirects followed so far @param {number} max
 * @returns {string}
 */
function redirectTarget(url, location, origin, redirects, max) {
  if (redirects >= max) throw new MirrorError(`${quote(url)}: more than ${max} redirects`);
  const target = location !== undefined && URL.canParse(location, url) ? new URL(location, url) : undefined;
  if (target === undefined) throw new MirrorError(`${quote(url)} redirects to ${quote(location)}, which is not a URL`);
  if (target.origin !== origin)
    throw new MirrorError(
      `${quote(url)} redirects to ${quote(target.href)}, another origin than ${origin}: not followed`,
    );
  return target.href;
}

/**
 * Sends one GET (no redirect followed) and resolves once the answer's head is in. The request
 * is destroyed, with the reason kept in `failure()`, when connecting takes longer than the
 * connect timeout, or when the socket stays silent for the read timeout, head or body.
 * @param {string} url @param {Limits} limits
 * @returns {Promise<{ req: import("node:http").ClientRequest, res: import("node:http").IncomingMessage, failure: () => MirrorError | undefined }>}
 */
function ask(url, limits) {
  return new Promise((answered, failed) => {
    /** @type {MirrorError | undefined} */
    let failure;
    // A new connection per request (no agent): its connect is the one timed.
    const req = (url.startsWith("https:") ? httpsGet : httpGet)(url, { agent: false });
    const stop = (/** @type {string} */ message) => {
      failure ??= new MirrorError(message);
      req.destroy(failure);
    };
    const connecting = setTimeout(
      () => stop(`${quote(url)}: no connection within ${limits.connectTimeoutMs} ms`),
      limits.connectTimeoutMs,
    );
    req.once("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => clearTimeout(connecting));
      else clearTimeout(connecting);
    });
    req.setTimeout(limits.readTimeoutMs, () => stop(`${quote(url)}: nothing received for ${limits.readTimeoutMs} ms`));
    req.once("close", () => clearTimeout(connecting));
    req.once("response", (res) => answered({ req, res, failure: () => failure }));
    // Kept for the request's whole life: an error after the head (a timeout) must not go unheard.
    req.on("error", (error) =>
      failed(failure ?? new MirrorError(`${quote(url)} could not be fetched (${describe(error)})`)),
    );
  });
}

/** @param {unknown} error */
function describe(error) {
  const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (error ?? {});
  return quote(typeof code === "string" ? code : message).slice(1, -1);
}
