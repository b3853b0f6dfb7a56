import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SoftwareSourceCodeLeaf } from "schema-dts";
import type { BlogModel } from "../../../src/blog/blog-model.ts";
import { jsonLdScript } from "../../../src/site/json-ld.ts";
import { archivePage, blogIndexPage, postPage, tagPage } from "../../../src/site/pages/blog-pages.ts";
import {
  awardsPage,
  domainPage,
  homePage,
  nowPage,
  projectPage,
  projectsPage,
  pullsPage,
} from "../../../src/site/pages/portfolio-pages.ts";
import { blogModelOf, meta, postFile } from "../blog/support/blog-tree.ts";
import { content, handModel, project } from "../support/model.ts";

type Node = Record<string, unknown> & { "@type": string };

/** The JSON-LD graphs of a page, parsed as a JSON-LD reader would. */
function graphsOf(page: string): Node[][] {
  const scripts = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return scripts.map((match) => {
    const parsed = JSON.parse(match[1] ?? "") as { "@context": string; "@graph": Node[] };
    assert.is(parsed["@context"], "https://schema.org");
    return parsed["@graph"];
  });
}

/** The one graph of a page: every page kind carries exactly one. */
function nodesOf(page: string): Node[] {
  const graphs = graphsOf(page);
  assert.is(graphs.length, 1, "one JSON-LD script per page");
  return graphs[0] ?? [];
}

function crumbNames(nodes: Node[]): unknown[] {
  const list = nodes.find((node) => node["@type"] === "BreadcrumbList") as
    | { itemListElement: { position: number; name: string }[] }
    | undefined;
  assert.ok(list, "a BreadcrumbList");
  list.itemListElement.forEach((item, index) => {
    assert.is(item.position, index + 1);
  });
  return list.itemListElement.map((item) => item.name);
}

const HOSTILE = "</script><script>alert(1)</script><!-- & \u2028";

const model = handModel({
  content: content({
    projects: [project({ name: "alpha", tagline: `Tiny ${HOSTILE}`, languages: ["Zig", "C"], tags: ["os"] })],
  }),
});
const alpha = model.projectByName.get("alpha");
const domain = model.domainById.get("one");

function blog(): BlogModel {
  return blogModelOf({ "a.md": postFile(meta({ title: `A post ${HOSTILE}`, tags: ["notes"] })) });
}

test("should escape every character that could end or bend the script element, and keep the text", () => {
  const script = jsonLdScript([{ "@type": "Thing", name: HOSTILE }]).value;
  const inner = script.slice('<script type="application/ld+json">'.length, -"</script>".length);

  assert.not.match(inner, /[<>&\u2028]/);
  assert.match(inner, "\\u003c/script\\u003e");
  assert.equal(JSON.parse(inner), {
    "@context": "https://schema.org",
    "@graph": [{ "@type": "Thing", name: HOSTILE }],
  });
});

test("should describe the owner as a Person with sameAs links, and the WebSite, on the home page", () => {
  const [person, site, ...rest] = nodesOf(homePage(model));

  assert.equal(rest, []);
  assert.equal(person, {
    "@type": "Person",
    "@id": "https://fixture.example/#person",
    name: "Fixture Owner",
    alternateName: "fixture-owner",
    description: "Writes small tools",
    url: "https://fixture.example/",
    sameAs: ["https://github.com/fixture-owner", "https://fixture.itch.io"],
  });
  assert.is(site?.["@type"], "WebSite");
  assert.equal(site?.publisher, { "@id": "https://fixture.example/#person" });
});

test("should describe a project as SoftwareSourceCode with its repository and languages, inside a safe script", () => {
  if (!alpha) throw new Error("fixture");
  const page = projectPage(model, alpha);
  const [code] = nodesOf(page);

  assert.is(code?.["@type"], "SoftwareSourceCode");
  assert.is(code?.name, "alpha");
  assert.is(code?.description, `Tiny ${HOSTILE}`);
  assert.is(code?.codeRepository, "https://github.com/fixture-owner/alpha");
  assert.equal(code?.programmingLanguage, ["Zig", "C"]);
  assert.equal(code?.author, { "@id": "https://fixture.example/#person" });
  assert.equal(crumbNames(nodesOf(page)), ["Fixture Owner", "Projects", "alpha"]);
  assert.not.ok(page.includes("<script>alert(1)"), "the tagline cannot open a script of its own");
});

test("should give every other portfolio page a breadcrumb trail from the home page", () => {
  if (!domain) throw new Error("fixture");
  const trails = [
    projectsPage(model),
    domainPage(model, domain),
    nowPage(model),
    awardsPage(model),
    pullsPage(model),
  ].map((page) => crumbNames(nodesOf(page)));

  assert.equal(trails, [
    ["Fixture Owner", "Projects"],
    ["Fixture Owner", "Projects", "One"],
    ["Fixture Owner", "Now"],
    ["Fixture Owner", "Awards"],
    ["Fixture Owner", "Pull requests"],
  ]);
});

test("should describe a post as a BlogPosting with headline, dates, author, image and keywords", () => {
  const model = blog();
  const post = model.posts[0];
  if (!post) throw new Error("fixture");
  const nodes = nodesOf(postPage(model, post));
  const posting = nodes[0];

  assert.is(posting?.["@type"], "BlogPosting");
  assert.is(posting?.headline, `A post ${HOSTILE}`);
  assert.match(String(posting?.datePublished), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  assert.match(String(posting?.dateModified), /^\d{4}-\d\d-\d\dT/);
  assert.equal(posting?.keywords, ["notes"]);
  assert.equal(Object.keys(posting?.author as object), ["@type", "name", "url"]);
  assert.equal(Object.keys(posting?.image as object), ["@type", "url", "width", "height"]);
  // Numbers of pixels, not text: 800, not "800".
  const image = posting?.image as { width: unknown; height: unknown } | undefined;
  assert.equal([typeof image?.width, typeof image?.height], ["number", "number"]);
  assert.is(crumbNames(nodes).length, 3);
});

test("should describe the blog home as a Blog whose posts are the nodes their own pages describe", () => {
  const model = blogModelOf({
    "a.md": postFile(meta({ title: "Alpha", date: "2026-03-01" })),
    "b.md": postFile(meta({ title: "Beta", date: "2026-03-02" })),
  });
  const [blog] = nodesOf(blogIndexPage(model));
  const postings = model.posts.map((post) => nodesOf(postPage(model, post))[0]);

  assert.equal(blog, {
    "@type": "Blog",
    name: model.settings.title,
    url: "https://margo.example/blog/",
    blogPost: postings.map((posting) => ({ "@type": "BlogPosting", "@id": posting?.["@id"], url: posting?.url })),
  });
  assert.equal(
    postings.map((posting) => posting?.url),
    ["https://margo.example/blog/posts/b/", "https://margo.example/blog/posts/a/"],
  );
});

test("should give the blog's index, tag and archive pages a trail through the blog", () => {
  const model = blog();
  const tag = model.tags[0];
  if (!tag) throw new Error("fixture");
  const [index, tagTrail, archive] = [blogIndexPage(model), tagPage(model, tag), archivePage(model)].map((page) =>
    crumbNames(nodesOf(page)),
  );

  assert.is(index?.length, 2);
  assert.equal(tagTrail?.slice(2), ["Tag: notes"]);
  assert.equal(archive?.slice(2), ["Archive"]);
});

test("should make a property schema.org does not define a type error", () => {
  // The check is the compiler's: `npx tsc` fails if schema-dts ever stops refusing this.
  // @ts-expect-error `codeRepositry` is not a property of SoftwareSourceCode.
  const wrong: SoftwareSourceCodeLeaf = { "@type": "SoftwareSourceCode", codeRepositry: "https://example.org" };

  assert.is(wrong["@type"], "SoftwareSourceCode");
});

test.run();
