import type { TSchema } from "@sinclair/typebox";
import type { SiteConfig } from "../config/site-config.ts";
import { apiPath, fillPath, outputFileOf, publishedUrl } from "../config/site-paths.ts";

/** A route's path parameter and every value it can take in this build: one file per value. */
export interface RouteParam<M> {
  name: string;
  description: string;
  values(model: M): string[];
}

/** Which data a file depends on, so its `meta.note` can say when that data is not live. */
export type NoteTopic = "repositories" | "pulls" | "posts" | "history";

/**
 * One file (or family of files, with a parameter) of an API. The route table alone drives the
 * permalinks, the OpenAPI `paths`, the index and the validator's file-to-schema map.
 */
export interface Route<M> {
  /** operationId in the OpenAPI document. */
  id: string;
  /** Path template relative to the site's base URL, e.g. `/api/v1/projects/{name}.json`. */
  path: string;
  summary: string;
  description: string;
  /** Group in the index and tag in the OpenAPI document. */
  group: string;
  /** `application/json` when not given. */
  mediaType?: string;
  /** `envelope`: `{meta, data}`; `list`: the same with `meta.count`; `raw`: the body as is. */
  body: "envelope" | "list" | "raw";
  /** Schema of `data` (envelope, list) or of the whole body (raw). */
  schema: TSchema;
  param?: RouteParam<M>;
  /** Files only exist when this holds (e.g. a PGP key is published). */
  available?(model: M): boolean;
  notes?: NoteTopic[];
  /** `meta.source`: where the data came from, when it is not this site. */
  source?(model: M): string | undefined;
  /** Builds the payload: `data` for envelope and list routes, the whole body for raw ones. */
  build(model: M, params: Record<string, string>): unknown;
  /** Under `npm start`, what a file reads, its API's context included, as a key (`PaginatedOutput.key`). */
  key?(model: M, params: Record<string, string>): string;
}

/** What every file of one API shares in a build. */
export interface ApiContext {
  /** `meta.api`: differs between the portfolio API and the blog API. */
  name: string;
  description: string;
  /** The human documentation page (`meta.docs`). */
  docs: string;
  /** The build's site configuration: the API's URLs are made from it by src/config/site-paths.ts. */
  config: SiteConfig;
  notes: Partial<Record<NoteTopic, string>>;
}

/** An API: its identity and its route table. */
export interface ApiDefinition<M> {
  /** Human title of the OpenAPI document. */
  title: string;
  version: string;
  /** Path under the site's base URL that route paths are relative to: `""` or `/blog`. */
  root: string;
  routes: Route<M>[];
  /** What each route group (an OpenAPI tag) holds. */
  groups: Readonly<Record<string, string>>;
  /** The licence of what the API serves, when one is stated (OpenAPI `info.license`). */
  license?: { name: string; identifier: string };
  components: Readonly<Record<string, TSchema>>;
  /**
   * Components whose shape depends on the content (the Profile names the owner's links): each
   * replaces its general form everywhere this site publishes it (`forModel`).
   */
  specialize?(model: M): Readonly<Record<string, TSchema>>;
  context(model: M): ApiContext;
}

/**
 * The API as one site publishes it: `specialize`'s components in place of the general ones,
 * in the components and as route schemas. A specialized component may not be nested in another.
 */
export function forModel<M>(definition: ApiDefinition<M>, model: M): ApiDefinition<M> {
  if (!definition.specialize) return definition;
  const own = definition.specialize(model);
  const swap = new Map<TSchema, TSchema>();
  for (const [name, schema] of Object.entries(own)) {
    const general = definition.components[name];
    if (general === undefined) throw new Error(`No component ${name} to specialize`);
    swap.set(general, schema);
  }
  return {
    ...definition,
    components: Object.fromEntries(
      Object.entries(definition.components).map(([name, schema]) => [name, swap.get(schema) ?? schema]),
    ),
    routes: definition.routes.map((route) => {
      const schema = swap.get(route.schema);
      return schema ? { ...route, schema } : route;
    }),
  };
}

/** The parameters of each file of a route (one empty set for a plain route). */
export function expandParams<M>(route: Route<M>, model: M): Record<string, string>[] {
  const { param } = route;
  return param ? param.values(model).map((value) => ({ [param.name]: value })) : [{}];
}

/** The media type a route's files are served as. */
export function mediaTypeOf<M>(route: Route<M>): string {
  return route.mediaType ?? "application/json";
}

/** The routes that have files in this build. */
export function availableRoutes<M>(definition: ApiDefinition<M>, model: M): Route<M>[] {
  return definition.routes.filter((route) => route.available?.(model) ?? true);
}

/**
 * Output file of a route, relative to the output folder: the file a static host serves for its
 * URL, so a value is decoded in the name (`/api/v1/languages/C%2B%2B.json` is `C++.json`) and
 * one holding a `/` is refused, as for pages (`outputFileOf`).
 */
export function outputPath<M>(definition: ApiDefinition<M>, route: Route<M>, params: Record<string, string>): string {
  const path = definition.root + fillPath(route.path, params);
  // Route paths are relative to the base path: read as the paths of a site at the root.
  const file = outputFileOf({ basePath: "" }, path);
  if (file === null) throw new Error(`Route ${route.id}: ${route.path} does not start with /`);
  return file;
}

/** Absolute URL of a route's file. */
export function routeUrl<M>(
  definition: ApiDefinition<M>,
  context: ApiContext,
  route: Route<M>,
  params: Record<string, string>,
): string {
  return publishedUrl(context.config, apiPath(context.config, definition.root, route.path, params));
}

/** The item a route's parameter names: always one of the model's, since the values come from it. */
export function itemOf<V>(items: ReadonlyMap<string, V>, key: string | undefined, what: string): V {
  const item = items.get(key ?? "");
  if (item === undefined) throw new Error(`No ${what} ${key}`);
  return item;
}

/** Finds a route by its operation id. */
export function routeById<M>(definition: ApiDefinition<M>, id: string): Route<M> {
  const route = definition.routes.find((r) => r.id === id);
  if (!route) throw new Error(`No route ${id}`);
  return route;
}
