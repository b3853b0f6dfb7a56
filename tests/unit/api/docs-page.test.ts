import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildOpenApi, type OpenApiDocument } from "../../../src/api/openapi.ts";
import { renderDocsPage, renderLandingPage } from "../../../src/api/docs-page.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { content, handModel, project } from "../support/model.ts";

const model = handModel({ content: content({ projects: [project({ name: "alpha" })] }) });
const doc = buildOpenApi(portfolioApi, model) as unknown as OpenApiDocument;
const at = (path: string) => `${model.config.baseUrl}${path}`;
const urls = {
  url: at("/api/"),
  indexUrl: at("/api/v1/index.json"),
  docsUrl: at("/docs/api/"),
  openapiUrl: at("/api/openapi.json"),
};

test("should describe an API page in search results by what the API offers, not by its machine name", () => {
  const offers = (doc.info.description ?? "").split("\n\n")[0] ?? "";
  assert.ok(offers.length > 20, offers);
  for (const page of [
    renderLandingPage(doc, { ...urls, config: model.config }),
    renderDocsPage(doc, { ...urls, url: urls.docsUrl, config: model.config }),
  ]) {
    assert.match(page, `<meta name="description" content="${offers}">`);
    assert.not.match(page, `content="${doc.info.summary}"`);
  }
});

test("should title the reference apart from the landing pages, in search results and tabs", () => {
  const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
  const landing = titleOf(renderLandingPage(doc, { ...urls, config: model.config }));
  const reference = titleOf(renderDocsPage(doc, { ...urls, url: urls.docsUrl, config: model.config }));

  assert.is(landing, `${doc.info.title} · ${model.config.site.title}`);
  assert.is(reference, `${doc.info.title} reference · ${model.config.site.title}`);
});

test("should show each paragraph of the API's description as a paragraph", () => {
  // Before: one <p> held both, the blank line between them lost in the rendered page.
  const [offers, rules] = (doc.info.description ?? "").split("\n\n");
  const page = renderLandingPage(doc, { ...urls, config: model.config });

  assert.match(page, `<p>${offers}</p>`);
  assert.match(page, `<p>${(rules ?? "").slice(0, 40)}`);
});

test.run();
