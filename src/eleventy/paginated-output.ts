import { outputPath } from "../util/output-path.ts";

/*
 * The one pagination recipe behind every template: the global data key of its model, the items
 * it writes one file for, where each goes and how it is rendered. A model can be null (no
 * blog), so each template paginates an empty list that `before` replaces. Every file goes
 * through `outputPath`, so no name can place one outside the output folder.
 */

type Data = Record<string, unknown>;
const ITEMS = "paginatedOutputItems";

/** What an `.11ty.ts` template module exports. */
export interface TemplateModule {
  data: Data;
  render(data: Data): string;
}

export interface PaginatedOutput<M, T> {
  /** Global data key of the model. */
  modelKey: string;
  items(model: M): T[];
  /** Output file relative to the output folder, or null to write none for this item. */
  file(model: M, item: T): string | null;
  render(model: M, item: T): string;
}

export function paginatedOutput<M, T>(spec: PaginatedOutput<M, T>): TemplateModule {
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "outputItem",
        before: (_: unknown, full: Data) => {
          const model = full[spec.modelKey] as M | null;
          return model ? spec.items(model).filter((item) => spec.file(model, item) !== null) : [];
        },
      },
      permalink: (d: Data) => {
        const file = spec.file(d[spec.modelKey] as M, d.outputItem as T);
        return file === null ? file : outputPath(file);
      },
      eleventyExcludeFromCollections: true,
    },
    render: (d) => spec.render(d[spec.modelKey] as M, d.outputItem as T),
  };
}
