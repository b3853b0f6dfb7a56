import { test } from "uvu";
import * as assert from "uvu/assert";
import { blogApi } from "../../../src/api/blog/routes.ts";
import { buildOpenApi } from "../../../src/api/openapi.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { buildBlogModel } from "../../../src/blog/blog-model.ts";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import { REPOSITORY_NAME_PATTERN } from "../../../src/schemas/common.ts";
import { WEB_OR_MAIL_URL_PATTERN, WEB_URL_PATTERN } from "../../../src/util/safe-url.ts";
import { postFile, meta, writeBlogTree } from "../blog/support/blog-tree.ts";
import { handModel } from "../support/model.ts";

type Json = Record<string, unknown>;

function blogDocument(): Json {
  const tree = writeBlogTree({ "a.md": postFile(meta()) });
  try {
    const config = tree.config();
    const content = loadBlog(config);
    if (!content) throw new Error("expected a blog");
    return buildOpenApi(blogApi, buildBlogModel(config, content)) as Json;
  } finally {
    tree.cleanup();
  }
}

const documents: Record<string, Json> = {
  portfolio: buildOpenApi(portfolioApi, handModel()) as Json,
  blog: blogDocument(),
};

/** Every string field of a document whose name says it holds a URL, or whose format is `uri`: where, and its schema. */
function urlFields(node: unknown, at: string, found: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(node))
    node.forEach((child, i) => {
      urlFields(child, `${at}/${i}`, found);
    });
  if (node === null || typeof node !== "object" || Array.isArray(node)) return found;
  const schema = node as Json;
  if (schema.format === "uri") found.push([at, schema]);
  for (const [key, value] of Object.entries(schema)) {
    const child = value as Json;
    const named =
      at.endsWith("/properties") && /(^|_)url$/.test(key) && child?.type === "string" && child.format !== "uri";
    if (named) found.push([`${at}/${key}`, child]);
    urlFields(value, `${at}/${key}`, found);
  }
  return found;
}

test("should give every URL field of both APIs a scheme pattern, not format uri alone", () => {
  for (const [name, document] of Object.entries(documents)) {
    const fields = urlFields(document, name);

    assert.ok(fields.length > 20, `${name}: ${fields.length} URL fields`);
    const without = fields.filter(
      ([, schema]) => schema.pattern !== WEB_URL_PATTERN && schema.pattern !== WEB_OR_MAIL_URL_PATTERN,
    );
    assert.equal(
      without.map(([at]) => at),
      [],
    );
  }
});

test("should allow mailto: only where a contact address may be published", () => {
  const mail = Object.entries(documents).flatMap(([name, document]) =>
    urlFields(document, name)
      .filter(([, schema]) => schema.pattern === WEB_OR_MAIL_URL_PATTERN)
      .map(([at]) => at),
  );

  assert.equal(mail, [
    "portfolio/components/schemas/Profile/properties/contact/properties/form",
    "blog/components/schemas/PostLinkEntry/properties/url",
  ]);
});

test("should refuse other schemes with the pattern the documents state", () => {
  const web = new RegExp(WEB_URL_PATTERN);
  const mail = new RegExp(WEB_OR_MAIL_URL_PATTERN);

  for (const url of ["https://x.example/", "HTTP://x.example/"]) assert.ok(web.test(url) && mail.test(url), url);
  for (const url of [
    "javascript:alert(1)",
    " https://x.example/",
    "data:text/html,x",
    "//x.example/",
    "mailto:a@x.example",
  ])
    assert.not.ok(web.test(url), url);
  assert.ok(mail.test("mailto:a@x.example"));
  assert.not.ok(mail.test("javascript:alert(1)"));
});

test("should hold project names to GitHub's repository-name rule, without a leading dot", () => {
  const name = new RegExp(REPOSITORY_NAME_PATTERN);

  for (const good of ["tidewatch", "hl7.lint", "a_b-c", "x".repeat(100)]) assert.ok(name.test(good), good);
  for (const bad of [".", "..", ".github", ".git", "", "x".repeat(101), "a/b", "a b", "ä"])
    assert.not.ok(name.test(bad), bad);
  const schemas = (documents.portfolio!.components as { schemas: Record<string, { properties: Record<string, Json> }> })
    .schemas;
  assert.is(schemas.ProjectSummary?.properties.name?.pattern, REPOSITORY_NAME_PATTERN);
});

test.run();
