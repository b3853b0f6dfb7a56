import type { SiteConfig } from "../config/site-config.ts";
import { linkTarget } from "../config/site-paths.ts";
import { renderPage } from "../site/layout.ts";
import { renderInline } from "../markdown/render-markdown.ts";
import { escapeHtml, html, raw, type SafeHtml, scrollingTable } from "../util/html.ts";
import type { OpenApiDocument, OperationDoc, Parameter, Schema } from "./openapi.ts";

/** `text` that a narrow column breaks after each `char` (`/api/v1/<wbr>tags.json`, `project_<wbr>url`), never inside a word. */
const breaksAfter = (text: string, char: "/" | "_"): SafeHtml => raw(escapeHtml(text).replaceAll(char, `${char}<wbr>`));

/** OpenAPI descriptions are CommonMark: `code` and links render as such on the page. */
function markdown(text: string): SafeHtml {
  const rendered = renderInline(text);
  // The descriptions are this project's own: a link the renderer refuses is a bug, so it stops the build.
  const refused = rendered.problems.map((problem) => `${problem.field} ${problem.actual}`).join(", ");
  if (refused) throw new Error(`An API description has a refused link (${refused}): ${text}`);
  return raw(rendered.html);
}

/*
 * The human API reference, generated from the OpenAPI document the build publishes, so the
 * page can never describe something the files do not do.
 */

/**
 * Renders the reference page at `url`: endpoints by group with parameters and example links,
 * then every schema; it links the OpenAPI document at `openapiUrl`.
 */
export function renderDocsPage(
  doc: OpenApiDocument,
  options: { openapiUrl: string; url: string; config: SiteConfig },
): string {
  const server = doc.servers[0]?.url ?? "";
  const operations = Object.entries(doc.paths).map(([path, item]) => ({ path, op: item.get }));
  const groups = [...new Set(operations.map(({ op }) => op.tags?.[0] ?? "other"))];
  const endpoints = html`<table><thead><tr><th scope="col">Path</th><th scope="col">Returns</th><th scope="col">Type</th></tr></thead><tbody>
${operations.map(({ path, op }) => html`<tr><td><a href="#${op.operationId}"><code>GET ${breaksAfter(path, "/")}</code></a></td><td>${op.summary}</td><td>${breaksAfter(Object.keys(op.responses["200"]?.content ?? {})[0] ?? "", "/")}</td></tr>`)}
</tbody></table>`;
  return apiPage(
    doc,
    { ...options, title: `${doc.info.title} reference` },
    html`<p>Base URL: <code>${server}</code> · Machine-readable description: <a href="${options.openapiUrl}">openapi.json</a></p>
<nav aria-label="Endpoints"><h2>Endpoints</h2>${scrollingTable("Table of endpoints", endpoints)}</nav>
${groups.map(
  (group) => html`<section aria-labelledby="group-${group}"><h2 id="group-${group}">${group}</h2>
${operations.filter(({ op }) => (op.tags?.[0] ?? "other") === group).map(({ path, op }) => endpoint(server, path, op))}
</section>`,
)}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
${Object.entries(doc.components.schemas).map(([name, schema]) => schemaSection(name, schema))}
</section>`,
  );
}

/**
 * An API's landing page (`landingPaths`): what the API is and the three links a client or a
 * person starts from, its index, its reference and its OpenAPI document.
 */
export function renderLandingPage(
  doc: OpenApiDocument,
  options: { url: string; indexUrl: string; docsUrl: string; openapiUrl: string; config: SiteConfig },
): string {
  return apiPage(
    doc,
    options,
    html`<ul>
<li><a href="${linkTarget(options.config, options.indexUrl)}">index.json</a>: every endpoint with its URL, where a client starts.</li>
<li><a href="${linkTarget(options.config, options.docsUrl)}">The reference</a>: every endpoint, field and schema, for people.</li>
<li><a href="${linkTarget(options.config, options.openapiUrl)}">openapi.json</a>: the OpenAPI 3.1 description every file is checked against.</li>
</ul>
<p>To begin: <code>curl ${options.indexUrl}</code></p>`,
  );
}

/** A page about the API at `options.url` (from the route table's context): its title and description, then `body`. */
function apiPage(doc: OpenApiDocument, options: { url: string; config: SiteConfig; title?: string }, body: SafeHtml) {
  return renderPage({
    config: options.config,
    title: options.title ?? doc.info.title,
    // The description's first paragraph says what the API offers (info.summary is its machine name).
    description: doc.info.description?.split("\n\n")[0] ?? doc.info.title,
    path: linkTarget(options.config, options.url),
    section: "api",
    body: html`<div class="api-docs">
<h1>${doc.info.title} <small>v${doc.info.version}</small></h1>
${(doc.info.description ?? "").split("\n\n").map((paragraph) => html`<p>${markdown(paragraph)}</p>`)}
${body}
</div>`,
  });
}

function endpoint(server: string, path: string, op: OperationDoc): SafeHtml {
  const ok = op.responses["200"];
  const [mediaType, media] = Object.entries(ok?.content ?? {})[0] ?? ["", {}];
  const example = exampleUrl(server, path, op.parameters ?? []);
  return html`<article id="${op.operationId}" class="endpoint"><h3><code>GET ${path}</code></h3>
<p>${op.summary}. ${markdown(op.description)}</p>
${(op.parameters ?? []).map((param) => html`<p class="values">Parameter <code>${param.name}</code>: ${markdown(param.description ?? "")}. Values: ${(param.schema?.enum ?? []).map((value, i) => html`${i > 0 ? ", " : ""}<code>${value}</code>`)}</p>`)}
<p>Response <code>200</code> as <code>${mediaType}</code>: ${typeText(media.schema)}. ${op.responses["404"] ? "Unknown values answer 404 with the site's HTML page." : ""}</p>
${
  example === null
    ? html`<p>Example: none yet, since no ${path.match(/\{([^}]+)\}/)?.[1] ?? "value"} exists in this build.</p></article>`
    : html`<p>Example: <a href="${example}">${example}</a></p></article>`
}`;
}

/**
 * The path with each parameter set to its first value, or null when a parameter has none yet
 * (a blog before its first post has no slug): a link there would be dead.
 */
function exampleUrl(server: string, path: string, parameters: Parameter[]): string | null {
  let missing = false;
  const url =
    server +
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const first = parameters.find((p) => p.name === name)?.schema?.enum?.[0];
      if (first === undefined) missing = true;
      return encodeURIComponent(first ?? name);
    });
  return missing ? null : url;
}

function schemaSection(name: string, schema: Schema): SafeHtml {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = html`<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr></thead><tbody>
${properties.map(([field, property]) => html`<tr><td><code>${breaksAfter(field, "_")}</code>${required.has(field) ? html`<small class="required">required</small>` : ""}</td><td>${typeText(property)}</td><td>${required.has(field) ? "yes" : "no"}</td><td>${markdown(property.description ?? "")}</td></tr>`)}
</tbody></table>`;
  return html`<article id="schema-${name}"><h3>${name}</h3><p>${markdown(schema.description ?? "")}</p>
${properties.length > 0 ? scrollingTable(`Fields of ${name}`, fields) : html`<p>Type: ${typeText(schema)}</p>`}</article>`;
}

/** A short human reading of a schema: `array of ProjectSummary`, `string (uri) or null`. */
function typeText(schema: Schema | undefined): SafeHtml {
  if (!schema) return html`any`;
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop() ?? "";
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  if (schema.anyOf) return html`${schema.anyOf.map((branch, i) => html`${i > 0 ? " or " : ""}${typeText(branch)}`)}`;
  if (schema.enum)
    return html`one of ${schema.enum.map((value, i) => html`${i > 0 ? ", " : ""}<code>${String(value)}</code>`)}`;
  if (schema.const !== undefined) return html`<code>${JSON.stringify(schema.const)}</code>`;
  if (schema.type === "array") return html`array of ${typeText(schema.items)}`;
  if (schema.type === "object" && schema.properties?.meta && schema.properties.data) {
    return html`<code>{meta, data}</code> with data: ${typeText(schema.properties.data)}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  return html`${type}${schema.format ? ` (${schema.format})` : ""}`;
}
