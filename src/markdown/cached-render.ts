import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { buildCacheDir, contentKey, keepEntry, keepsReads, pruneEntries, readEntry } from "../util/build-cache.ts";
import { renderDocument, RenderedMarkdown, type RenderOptions } from "./render-markdown.ts";

/**
 * Parses a Markdown document once and derives the HTML, the plain text and the headings
 * from that one token stream, so nothing ever renders the same file twice (for its problems,
 * see RenderedMarkdown.problems).
 *
 * With a build cache, a document is rendered once. Rendering is pure but for the resolvers,
 * whose answers depend on other files and whose calls note problems and images, so an entry
 * keeps their calls and answers: it is used when the same calls, made again, answer the same.
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): RenderedMarkdown {
  const dir = buildCacheDir("markdown");
  if (!dir) return renderDocument(source, options);
  version ??= rendererVersion();
  const key = documentKey(source, options, version);
  const cached = readEntry(dir, key, decodeEntry);
  const live = {
    link: options.resolveLink ?? ((href: string) => href),
    image: options.resolveImage ?? ((src) => ({ url: src })),
  };
  const calls: Static<typeof Call>[] = [];
  let next = 0;
  const ask = <T>(kind: "link" | "image", argument: string): T => {
    if (next === calls.length) calls.push([kind, argument, live[kind](argument)]);
    return calls[next++]?.[2] as T;
  };
  used.add(key);
  if (cached?.calls.every(([kind, argument, answer]) => JSON.stringify(ask(kind, argument)) === JSON.stringify(answer)))
    return cached.rendered;
  next = 0;
  const rendered = renderDocument(source, {
    ...options,
    resolveLink: (href) => ask("link", href),
    resolveImage: (src) => ask("image", src),
  });
  keepEntry(dir, key, JSON.stringify({ calls, rendered }));
  return rendered;
}

/** A resolver's call while rendering: which, its argument, its answer. */
const Call = Type.Tuple([Type.Union([Type.Literal("link"), Type.Literal("image")]), Type.String(), Type.Unknown()]);
const RenderEntry = Type.Object({ calls: Type.Array(Call), rendered: RenderedMarkdown });

/** An entry of the render cache, checked; one `npm start` hands again to later builds (nothing changes a render). */
function decodeEntry(bytes: Buffer): Static<typeof RenderEntry> | undefined {
  const entry: unknown = JSON.parse(bytes.toString("utf8"));
  return Value.Check(RenderEntry, entry) ? entry : undefined;
}

/** The keys of the documents this process rendered or read from the cache; the renderer's version, once known. */
const used = new Set<string>();
let version: string | undefined;

/** Removes the rendered documents this process did not use, but for the 1,000 used last (an edit is a new key). */
export function pruneRenderCache(): void {
  pruneEntries(buildCacheDir("markdown"), used.size + 1000);
  keysByText = { now: new Map(), last: keysByText.now };
}

/**
 * `npm start`: each document's key by its text, as this build and the last found it. An
 * unchanged post hands the very same string, found at once, where the key's JSON and hash of
 * 1,000 posts took 0.02 s an edit. A build keeps none: it renders each document once.
 */
type KeyOfText = { key: string; rawHtml: RenderOptions["rawHtml"]; firstLine: RenderOptions["firstLine"] };
let keysByText = { now: new Map<string, KeyOfText>(), last: new Map<string, KeyOfText>() };

function documentKey(source: string, options: RenderOptions, version: string): string {
  const { rawHtml, firstLine } = options;
  const kept = keysByText.now.get(source) ?? keysByText.last.get(source);
  if (kept && kept.rawHtml === rawHtml && kept.firstLine === firstLine) {
    keysByText.now.set(source, kept);
    return kept.key;
  }
  const key = contentKey("markdown", version, source, rawHtml, firstLine);
  if (keepsReads()) keysByText.now.set(source, { key, rawHtml, firstLine });
  return key;
}

/**
 * Part of every key: the renderer's version, as the source of every module under src/ (a change
 * to any may change a rendering) and package-lock.json (every package's version, markdown-it's,
 * sanitize-html's and their dependencies' among them). Read once a process, in a few ms.
 */
export function rendererVersion(root = resolve(import.meta.dirname, "../..")): string {
  const sources = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.m?ts$/.test(file))
    .sort()
    .map((file) => `${file}\n${readFileSync(join(root, "src", file), "utf8")}`);
  const lock = join(root, "package-lock.json");
  return contentKey(sources, existsSync(lock) ? readFileSync(lock, "utf8") : "no lock file");
}
