import { isoInstant } from "../config/site-config.ts";
import type { Meta } from "../schemas/common.ts";
import type { ApiContext, Route } from "./route.ts";

/**
 * Wraps a payload in `{meta, data}`: the only code that writes `meta`. The key order is fixed
 * so files are byte-identical between builds.
 */
export function envelope<M>(route: Route<M>, context: ApiContext, version: string, self: string, data: unknown, model: M): { meta: Meta; data: unknown } {
  const meta: Meta = {
    api: context.name,
    version,
    generated: isoInstant(context.generated),
    self,
    docs: context.docs,
  };
  if (route.body === "list") meta.count = Array.isArray(data) ? data.length : 0;
  const source = route.source?.(model);
  if (source) meta.source = source;
  const notes = (route.notes ?? []).map((topic) => context.notes[topic]).filter((note): note is string => Boolean(note));
  if (notes.length > 0) meta.note = [...new Set(notes)].join(" ");
  return { meta, data };
}
