import { test } from "uvu";
import * as assert from "uvu/assert";
import { blogPaths } from "../../../src/api/blog/paths.ts";
import { portfolioPaths } from "../../../src/api/portfolio/paths.ts";
import type { SiteConfig } from "../../../src/config/site-config.ts";
import {
  apiPath,
  apiServerUrl,
  BLOG_API_ROOT,
  COMMON_API_PATHS,
  fillPath,
  linkTarget,
  outputFileOf,
  pathOfOutputFile,
  PORTFOLIO_FOLDERS,
  publishedUrl,
  rebasedUrl,
  sitePaths,
  TOP_LEVEL_FILES,
} from "../../../src/config/site-paths.ts";
import { OutputPathError } from "../../../src/util/output-path.ts";
import { siteConfig } from "../support/model.ts";

const ROOT = siteConfig({ baseUrl: "https://fixture.example" });
const FOLIO = siteConfig({ baseUrl: "https://fixture.example/folio" });

/** A config whose blog lives at `blogUrl` (as site-config.ts resolves `blog.url`). */
function withBlog(config: SiteConfig, blogUrl: string): SiteConfig {
  return { ...config, blogUrl };
}

test("should name in PORTFOLIO_FOLDERS every top folder of the portfolio, which blog.url may not take", () => {
  const paths = sitePaths(ROOT);
  const pages = [
    paths.projects,
    paths.project("x"),
    paths.domain("x"),
    paths.now,
    paths.awards,
    paths.pulls,
    paths.apiDocs,
  ];
  const files = [
    paths.ogImage("x"),
    paths.image("x.png"),
    paths.searchScript,
    paths.asset("x.css"),
    paths.blogApi(blogPaths.index),
  ];
  const api = Object.values(portfolioPaths).map((template) =>
    paths.portfolioApi(template, { name: "x", id: "x", metric: "x" }),
  );

  const tops = [...pages, ...files, ...api].map((path) =>
    path
      .split("/")
      .slice(1, path.startsWith(BLOG_API_ROOT) ? 3 : 2)
      .join("/"),
  );

  const folders = tops.filter((top) => !top.includes("."));
  assert.equal(
    folders.filter((top) => !PORTFOLIO_FOLDERS.split(" ").includes(top)),
    [],
  );
});

test("should give every page path with the base path, ending in a slash", () => {
  const paths = sitePaths(FOLIO);

  assert.equal(
    [paths.home, paths.projects, paths.project("kestrel"), paths.domain("systems")],
    ["/folio/", "/folio/projects/", "/folio/projects/kestrel/", "/folio/domains/systems/"],
  );
  assert.equal(
    [paths.now, paths.awards, paths.pulls, paths.apiDocs],
    ["/folio/now/", "/folio/awards/", "/folio/pulls/", "/folio/docs/api/"],
  );
});

test("should give every file path with the base path", () => {
  const paths = sitePaths(FOLIO);

  assert.equal(
    [paths.sitemap, paths.robotsTxt, paths.appleTouchIcon],
    ["/folio/sitemap.xml", "/folio/robots.txt", "/folio/apple-touch-icon.png"],
  );
  assert.equal(
    [paths.ogImage("kestrel"), paths.siteOgImage, paths.pgpKey, paths.securityTxt],
    ["/folio/og/projects/kestrel.png", "/folio/og/site.png", "/folio/pgp.asc", "/folio/.well-known/security.txt"],
  );
  assert.equal(
    [paths.asset("site.css"), paths.asset("fonts/a b.woff2")],
    ["/folio/assets/site.css", "/folio/assets/fonts/a%20b.woff2"],
  );
  assert.is(paths.appleTouchIcon, `/folio/${TOP_LEVEL_FILES.appleTouchIcon}`);
});

test("should give a root site's paths without a base path", () => {
  const paths = sitePaths(ROOT);

  assert.equal([paths.home, paths.project("kestrel"), paths.sitemap], ["/", "/projects/kestrel/", "/sitemap.xml"]);
  assert.is(paths.blog.home, "/blog/");
});

test("should give the API paths from the route templates, the blog's under /blog", () => {
  const paths = sitePaths(FOLIO);

  assert.is(paths.portfolioApi(portfolioPaths.index), "/folio/api/v1/index.json");
  assert.is(paths.portfolioApi(portfolioPaths.project, { name: "kestrel" }), "/folio/api/v1/projects/kestrel.json");
  assert.is(paths.blogApi(blogPaths.rss), "/folio/blog/index.xml");
  assert.is(paths.blogApi(blogPaths.post, { slug: "first" }), "/folio/blog/api/v1/posts/first.json");
});

test("should give an API's file under its root and the base path, a template's placeholders kept", () => {
  const paths = [
    apiPath(FOLIO, "", COMMON_API_PATHS.schema, { name: "Project List" }),
    apiPath(FOLIO, BLOG_API_ROOT, COMMON_API_PATHS.manifest, {}),
    apiPath(ROOT, BLOG_API_ROOT, blogPaths.post),
  ];

  assert.equal(paths, [
    "/folio/api/v1/schemas/Project%20List.json",
    "/folio/blog/api/v1/manifest.json",
    "/blog/api/v1/posts/{slug}.json",
  ]);
});

test("should give an API's server URL without a trailing slash, for a root site too", () => {
  const urls = [apiServerUrl(ROOT, ""), apiServerUrl(ROOT, BLOG_API_ROOT), apiServerUrl(FOLIO, "")];

  assert.equal(urls, ["https://fixture.example", "https://fixture.example/blog", "https://fixture.example/folio"]);
});

test("should give the site path of an output file, each name encoded: the reverse of outputFileOf", () => {
  const file = "blog/posts/a b#1/index.html";

  const path = pathOfOutputFile(FOLIO, file);

  assert.is(path, "/folio/blog/posts/a%20b%231/index.html");
  assert.is(outputFileOf(FOLIO, path), file);
  assert.is(pathOfOutputFile(ROOT, "sitemap.xml"), "/sitemap.xml");
});

test("should give the blog's page paths under its home", () => {
  const blog = sitePaths(FOLIO).blog;

  assert.equal(
    [blog.home, blog.post("first"), blog.tag("rust"), blog.archive, blog.apiDocs],
    [
      "/folio/blog/",
      "/folio/blog/posts/first/",
      "/folio/blog/tags/rust/",
      "/folio/blog/archive/",
      "/folio/blog/docs/api/",
    ],
  );
});

test("should encode an odd name as one segment in page, image and API paths", () => {
  const paths = sitePaths(FOLIO);
  const odd = "a b/c?d#e%f";

  assert.is(paths.project(odd), "/folio/projects/a%20b%2Fc%3Fd%23e%25f/");
  assert.is(paths.domain("ü"), "/folio/domains/%C3%BC/");
  assert.is(paths.ogImage(odd), "/folio/og/projects/a%20b%2Fc%3Fd%23e%25f.png");
  assert.is(paths.blog.tag("c++"), "/folio/blog/tags/c%2B%2B/");
  // An image keeps its folders inside blog/images/; each name is encoded.
  assert.is(paths.blog.image("maps/a b#1.png"), "/folio/blog/images/maps/a%20b%231.png");
  assert.is(
    paths.portfolioApi(portfolioPaths.project, { name: odd }),
    "/folio/api/v1/projects/a%20b%2Fc%3Fd%23e%25f.json",
  );
});

test("should refuse to fill a template parameter that has no value", () => {
  assert.throws(() => fillPath("/api/v1/projects/{name}.json", {}), /No value for \{name\}/);
});

test("should end the blog's home with a slash when blog.url has none", () => {
  const paths = sitePaths(withBlog(FOLIO, "https://fixture.example/folio/notes"));

  assert.is(paths.blog.home, "/folio/notes/");
  assert.is(paths.blog.post("first"), "/folio/notes/posts/first/");
});

test("should keep the absolute URL of a blog on another host, and name no file for it", () => {
  const config = withBlog(FOLIO, "https://blog.example/");
  const blog = sitePaths(config).blog;

  assert.is(blog.home, "https://blog.example/");
  assert.is(blog.post("first"), "https://blog.example/posts/first/");
  assert.is(publishedUrl(config, blog.post("first")), "https://blog.example/posts/first/");
  assert.is(outputFileOf(config, blog.post("first")), null);
});

test("should publish a path as an absolute URL on the site's origin", () => {
  const paths = sitePaths(FOLIO);

  assert.is(publishedUrl(FOLIO, paths.home), "https://fixture.example/folio/");
  assert.is(publishedUrl(FOLIO, paths.project("a b")), "https://fixture.example/folio/projects/a%20b/");
  assert.is(publishedUrl(ROOT, sitePaths(ROOT).siteOgImage), "https://fixture.example/og/site.png");
});

test("should not read a protocol-relative path as a path of this site", () => {
  assert.is(publishedUrl(FOLIO, "//evil.example/x"), "//evil.example/x");
  assert.is(outputFileOf(ROOT, "//evil.example/x"), null);
});

test("should link to a URL of this origin by its path and to any other by the URL", () => {
  assert.is(linkTarget(FOLIO, "https://fixture.example/folio/blog/posts/a/#top"), "/folio/blog/posts/a/#top");
  assert.is(linkTarget(FOLIO, "https://other.example/folio/"), "https://other.example/folio/");
});

/** A build at `baseUrl` (SITE_URL, a preview) of a site whose site.yaml says `url: canonical`. */
function previewOf(canonical: string, baseUrl: string): SiteConfig {
  const config = siteConfig({ baseUrl });
  return { ...config, site: { ...config.site, url: canonical } };
}

test("should move a link to the site's canonical address onto this build's, base paths included", () => {
  const preview = previewOf("https://margo.example/folio/", "https://preview.example/pr-7");

  assert.is(
    rebasedUrl(preview, "https://margo.example/folio/blog/posts/a%20b/?x=1#top"),
    "https://preview.example/pr-7/blog/posts/a%20b/?x=1#top",
  );
  assert.is(rebasedUrl(preview, "https://margo.example/folio"), "https://preview.example/pr-7");
  assert.is(rebasedUrl(preview, "HTTPS://Margo.Example/folio/now/"), "https://preview.example/pr-7/now/");
  assert.is(
    rebasedUrl(previewOf("https://margo.example", "http://localhost:8080"), "https://margo.example/"),
    "http://localhost:8080/",
  );
});

test("should leave a URL outside the canonical address, or not absolute, as written", () => {
  const preview = previewOf("https://margo.example/folio", "https://preview.example");

  for (const url of [
    "https://margo.example/",
    "https://margo.example/folio-x/",
    "https://margo.example.org/folio/",
    "https://margo.example:8443/folio/",
    "http://margo.example/folio/",
    "https://docs.margo.example/folio/",
    "/folio/blog/",
    "../now/",
    "mailto:margo@margo.example",
  ])
    assert.is(rebasedUrl(preview, url), url);
});

test("should leave every URL as written in a build at the canonical address", () => {
  const production = previewOf("https://margo.example/folio/", "https://margo.example/folio");

  assert.is(rebasedUrl(production, "HTTPS://Margo.Example/folio/now"), "HTTPS://Margo.Example/folio/now");
});

test("should name the output file of a path: index.html for a folder, the base path left out", () => {
  const paths = sitePaths(FOLIO);

  assert.is(outputFileOf(FOLIO, paths.home), "index.html");
  assert.is(outputFileOf(FOLIO, paths.project("kestrel")), "projects/kestrel/index.html");
  assert.is(outputFileOf(FOLIO, paths.siteOgImage), "og/site.png");
  assert.is(outputFileOf(FOLIO, paths.securityTxt), ".well-known/security.txt");
  assert.is(outputFileOf(FOLIO, paths.blogApi(blogPaths.rss)), "blog/index.xml");
});

test("should decode a name in the output file, as a static host looks it up", () => {
  const paths = sitePaths(FOLIO);

  assert.is(outputFileOf(FOLIO, paths.project("a b")), "projects/a b/index.html");
  assert.is(outputFileOf(FOLIO, paths.ogImage("ü%")), "og/projects/ü%.png");
});

test("should name no file for a path outside the base path", () => {
  assert.is(outputFileOf(FOLIO, "/other/"), null);
  assert.is(outputFileOf(FOLIO, "/folioX/"), null);
  assert.is(outputFileOf(FOLIO, "https://fixture.example/folio/"), null);
});

test("should refuse a name whose encoded slash would open another folder", () => {
  const paths = sitePaths(FOLIO);

  const refused = (error: unknown) => error instanceof OutputPathError && /slash/.test(error.message);

  assert.throws(() => outputFileOf(FOLIO, paths.project("../../etc")), refused);
  assert.throws(() => outputFileOf(FOLIO, paths.ogImage("a\\b")), refused);
});

test.run();
