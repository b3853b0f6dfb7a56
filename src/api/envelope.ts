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
 * Whether two texts of one file differ at most by `meta.generated`, as `serializeJson` writes it:
 * `npm start` then keeps the file its earlier build wrote (and said so), instead of rewriting,
 * checking and hashing every API file again on each edit.
 */
export function sameButGenerated(text: string, kept: string): boolean {
  const [now, then] = [GENERATED.exec(text), GENERATED.exec(kept)];
  if (!now || !then || now.index !== then.index) return false;
  const [rest, keptRest] = [now.index + now[0].length, then.index + then[0].length];
  return text.slice(0, now.index) === kept.slice(0, then.index) && text.slice(rest) === kept.slice(keptRest);
}
const GENERATED = /^ {4}"generated": "[^"\n]*",$/m;
