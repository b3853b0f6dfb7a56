import { dateToRfc3339 } from "@11ty/eleventy-plugin-rss";
import type { Meta } from "../schemas/common.ts";
import { dataSchemaUrl } from "./json-schemas.ts";
import type { ApiContext, ApiDefinition, Route } from "./route.ts";

/**
 * Wraps a payload in `{meta, data}`: the only code that writes `meta`. The key order is fixed
 * so files are byte-identical between builds.
 */
export function envelope<M>(
  route: Route<M>,
  context: ApiContext,
  definition: ApiDefinition<M>,
  self: string,
  data: unknown,
  model: M,
): { meta: Meta; data: unknown } {
  const meta: Meta = {
    api: context.name,
    version: definition.version,
    generated: dateToRfc3339(context.config.buildTime),
    self,
    docs: context.docs,
    // What a client validates `data` against, by URL alone (src/api/json-schemas.ts).
    schema: dataSchemaUrl(definition, context, route),
  };
  if (route.body === "list") meta.count = Array.isArray(data) ? data.length : 0;
  const source = route.source?.(model);
  if (source) meta.source = source;
  const notes = (route.notes ?? [])
    .map((topic) => context.notes[topic])
    .filter((note): note is string => Boolean(note));
  if (notes.length > 0) meta.note = [...new Set(notes)].join(" ");
  return { meta, data };
}

/**
 * Where the line of `meta.generated` is in an envelope file as `serializeJson` writes it (from
 * the newline before it to the one after); null in any other file, a post's raw text included.
 */
export function generatedLine(text: string | Buffer): [number, number] | null {
  const start =
    String(text.slice(0, ENVELOPE_HEAD.length)) === ENVELOPE_HEAD ? text.indexOf('\n    "generated": ') : -1;
  const end = start < 0 ? -1 : text.indexOf("\n", start + 1);
  return end < 0 ? null : [start, end];
}
const ENVELOPE_HEAD = '{\n  "meta": {\n';

/** Whether two texts of one envelope file differ at most by `meta.generated` (`npm start` keeps such a file). */
export function sameButGenerated(text: string, kept: string): boolean {
  const [now, then] = [generatedLine(text), generatedLine(kept)];
  if (!now || !then || now[0] !== then[0]) return false;
  return text.slice(0, now[0]) === kept.slice(0, then[0]) && text.slice(now[1]) === kept.slice(then[1]);
}
