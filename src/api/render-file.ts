import { envelope } from "./envelope.ts";
import { outputPath, routeById, routeUrl, type ApiDefinition } from "./route.ts";

/** How every JSON file is written: two-space indent and a final newline, readable with `curl`. */
export function serializeJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The text of one API file: the payload (its route's builder's unless given), in its envelope if it has one. */
export function renderRouteFile<M>(
  definition: ApiDefinition<M>,
  model: M,
  routeId: string,
  params: Record<string, string> = {},
  payload: unknown = routeById(definition, routeId).build(model, params),
): string {
  const route = routeById(definition, routeId);
  if (route.body === "raw") return typeof payload === "string" ? payload : serializeJson(payload);
  const context = definition.context(model);
  const self = routeUrl(definition, context, route, params);
  return serializeJson(envelope(route, context, definition, self, payload, model));
}

/** Where Eleventy writes that file, relative to the output folder. */
export function routePermalink<M>(
  definition: ApiDefinition<M>,
  routeId: string,
  params: Record<string, string> = {},
): string {
  return outputPath(definition, routeById(definition, routeId), params);
}
