import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { publishes, readSiteConfig } from "../../../src/config/site-config.ts";
import { writeContentTree } from "../support/content-tree.ts";
import { contentProblems, problemAt } from "../support/errors.ts";
import { yamlText } from "../support/yaml-text.ts";

const siteYaml = (changes: Record<string, unknown> = {}) =>
  yamlText({
    url: "https://fixture.example",
    title: "Fixture",
    description: "A fixture",
    timezone: "Europe/Berlin",
    github: "fixture-owner",
    api: { name: "fixture-portfolio", description: "Fixture API" },
    blog: { url: "/blog/", feed: "blog/feed.xml" },
    ...changes,
  });

/** Runs `act` with a content folder whose site.yaml has the given changes. */
function withSite<T>(changes: Record<string, unknown>, act: (dir: string) => T): T {
  const tree = writeContentTree({ "site.yaml": siteYaml(changes) });
  try {
    return act(tree.dir);
  } finally {
    tree.cleanup();
  }
}

test("should take the base URL from site.yaml when SITE_URL is not set", () => {
  const config = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir }));

  assert.is(config.baseUrl, "https://fixture.example");
  assert.is(config.basePath, "");
  assert.is(config.blogUrl, "https://fixture.example/blog/");
});

test("should let SITE_URL override the URL of site.yaml", () => {
  const config = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: "https://other.example" }));

  assert.is(config.baseUrl, "https://other.example");
});

test("should split a base URL with a path into a base URL without trailing slash and a base path", () => {
  const config = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: "https://x.example/portfolio/" }));

  assert.is(config.baseUrl, "https://x.example/portfolio");
  assert.is(config.basePath, "/portfolio");
  assert.is(config.blogUrl, "https://x.example/portfolio/blog/");
});

test("should keep an absolute blog URL as it is", () => {
  const config = withSite({ blog: { url: "https://blog.example/", feed: "blog/feed.xml" } }, (dir) =>
    readSiteConfig({ CONTENT_DIR: dir }),
  );

  assert.is(config.blogUrl, "https://blog.example/");
});

test("should put a blog at the site's canonical address on the build's, in a preview or under npm start", () => {
  const blog = { url: "https://fixture.example/blog/", feed: "blog/feed.xml" };

  const preview = withSite({ blog }, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: "https://pr-7.example/x" }));
  const served = withSite({ blog }, (dir) => readSiteConfig({ CONTENT_DIR: dir, ELEVENTY_RUN_MODE: "serve" }));

  assert.is(preview.blogUrl, "https://pr-7.example/x/blog/");
  assert.is(served.blogUrl, "http://localhost:8080/blog/");
});

test("should set the build time from SOURCE_DATE_EPOCH", () => {
  const config = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SOURCE_DATE_EPOCH: "1795219200" }));

  assert.is(config.buildTime.toISOString(), "2026-11-21T00:00:00.000Z");
});

test("should reject a SOURCE_DATE_EPOCH that is not a number of seconds", async () => {
  const problems = await contentProblems(() =>
    withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SOURCE_DATE_EPOCH: "yesterday" })),
  );

  const problem = problemAt(problems, "(environment)");
  assert.is(problem.file, "SOURCE_DATE_EPOCH");
  assert.is(problem.actual, "yesterday");
});

test("should refuse an offset luxon reads as a zone, which no tz database names, as npm run init does", async () => {
  // Before: UTC+5, UTC-05:00 and +05:00 were accepted (luxon reads them) and published as the
  // blog API's IANA zone; init, which asks Intl, refused UTC+5.
  for (const timezone of ["UTC+5", "UTC-05:00", "+05:00"]) {
    const problems = await contentProblems(() => withSite({ timezone }, (dir) => readSiteConfig({ CONTENT_DIR: dir })));

    assert.is(problemAt(problems, "timezone").actual, timezone);
  }
});

test("should spell a zone written in another case as the zone, and keep a zone's other names as written", () => {
  const zones = ["europe/berlin", "utc", "US/Eastern", "Asia/Kolkata"].map(
    (timezone) => withSite({ timezone }, (dir) => readSiteConfig({ CONTENT_DIR: dir })).site.timezone,
  );

  assert.equal(zones, ["Europe/Berlin", "UTC", "US/Eastern", "Asia/Kolkata"]);
});

test("should reject a time zone that is not an IANA zone", async () => {
  const tree = writeContentTree({ "site.yaml": siteYaml({ timezone: "Mars/Olympus_Mons" }) });
  try {
    const problems = await contentProblems(() => readSiteConfig({ CONTENT_DIR: tree.dir }));

    const problem = problemAt(problems, "timezone");
    assert.is(problem.file, tree.file("site.yaml"));
    assert.is(problem.actual, "Mars/Olympus_Mons");
  } finally {
    tree.cleanup();
  }
});

test("should publish every part by default, leave out what leave_out names, and refuse another name", async () => {
  const all = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir }));
  const some = withSite({ leave_out: ["search", "atom"] }, (dir) => readSiteConfig({ CONTENT_DIR: dir }));
  assert.equal(
    (["search", "llms_txt", "atom"] as const).map((part) => [publishes(all, part), publishes(some, part)]),
    [
      [true, false],
      [true, true],
      [true, false],
    ],
  );

  const problems = await contentProblems(() =>
    withSite({ leave_out: ["rss"] }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
  );
  assert.match(problemAt(problems, "leave_out[0]").expected, "one of search, llms_txt, atom");
});

test("should reject a SITE_URL that is not an absolute URL and name SITE_URL", async () => {
  const problems = await contentProblems(() =>
    withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: "x.example/portfolio" })),
  );

  const problem = problemAt(problems, "url");
  assert.is(problem.file, "SITE_URL");
  assert.is(problem.actual, "x.example/portfolio");
});

test("should refuse a SITE_URL the one URL check refuses", async () => {
  for (const url of [
    "https://user:pw@x.example/",
    "https://x.example/a\tb",
    "ftp://x.example/",
    "https://x.example/\u0085",
    // Before: built, then 2,386 files failed validation (`meta.self` must match format "uri").
    "https://x.example/%zz/",
    "https://x.example/a|b/",
    "https://x.example/%E0%A4%A/",
  ]) {
    const problems = await contentProblems(() =>
      withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: url })),
    );
    assert.is(problemAt(problems, "url").file, "SITE_URL", url);
  }
});

test("should take a SITE_URL the APIs publish as a URI once parsed: a non-ASCII host or path, escapes", () => {
  const urls = ["https://BÜCHER.example/", "https://a.example/für/", "https://a.example/f%C3%BCr/"].map(
    (url) => withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: url })).baseUrl,
  );

  assert.equal(urls, ["https://xn--bcher-kva.example", "https://a.example/f%C3%BCr", "https://a.example/f%C3%BCr"]);
});

test("should refuse a SITE_URL whose path has an empty segment, naming it", async () => {
  for (const url of ["https://example.org//x", "https://example.org/a//b/"]) {
    const problems = await contentProblems(() =>
      withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: url })),
    );
    const problem = problemAt(problems, "url");
    assert.is(problem.file, "SITE_URL", url);
    assert.is(problem.expected, "a base URL whose path has no empty segment (`//`)", url);
  }
});

test("should refuse a base URL over 1,000 characters, naming SITE_URL, the limit and its length, unquoted", async () => {
  // Before: a SITE_URL of 100,000 characters was refused as the link of each of the blog's feed
  // items ("item[0].link: expected a string of at most 10,000 characters"), eleven lines, SITE_URL unnamed.
  const url = `https://x.example/${"a".repeat(100_000)}`;
  const problems = await contentProblems(() =>
    withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: url })),
  );

  assert.equal(problems, [
    { file: "SITE_URL", field: "url", expected: "a base URL of at most 1,000 characters (this one has 100,018)" },
  ]);
});

test("should hold site.yaml's url to the same limit, and take a base URL of 1,000 characters", async () => {
  const at = (length: number) => `https://x.example/${"a".repeat(length - 18)}`;
  const problems = await contentProblems(() =>
    withSite({ url: at(1001) }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
  );
  const config = withSite({ url: at(1000) }, (dir) => readSiteConfig({ CONTENT_DIR: dir }));

  assert.match(problemAt(problems, "url").file, /site\.yaml$/);
  assert.is(problemAt(problems, "url").expected, "a base URL of at most 1,000 characters (this one has 1,001)");
  assert.is(config.baseUrl.length, 1000);
});

test("should hold blog.url, a path or a URL, to the base URL's 1,000 characters, unquoted", async () => {
  // Before: a blog.url of 10,000 characters was refused as the link of each of the blog's feed
  // items ("item[0].link: expected a string of at most 10,000 characters"), eleven lines, blog.url unnamed.
  const blog = (url: string) => ({ blog: { url, feed: "blog/feed.xml" } });
  const path = `/${"b".repeat(9_998)}/`;
  const url = `https://blog.example/${"b".repeat(979)}`;
  const problems = await contentProblems(() => withSite(blog(path), (dir) => readSiteConfig({ CONTENT_DIR: dir })));
  const overUrl = await contentProblems(() => withSite(blog(`${url}/`), (dir) => readSiteConfig({ CONTENT_DIR: dir })));
  const config = withSite(blog(url), (dir) => readSiteConfig({ CONTENT_DIR: dir }));

  const problem = problemAt(problems, "blog.url");
  assert.is(problems.length, 1);
  assert.match(problem.file, /site\.yaml$/);
  assert.is(problem.expected, "a URL or path of at most 1,000 characters (this one has 10,000)");
  assert.is(problem.actual, undefined, "not quoted");
  assert.is(problemAt(overUrl, "blog.url").expected, "a URL or path of at most 1,000 characters (this one has 1,001)");
  assert.is(config.blogUrl, url);
});

test("should reject a content folder that does not exist", async () => {
  const problems = await contentProblems(() => readSiteConfig({ CONTENT_DIR: "/nonexistent/content-folder" }));

  assert.is(problemAt(problems, "(folder)").file, "/nonexistent/content-folder");
});

test("should refuse blog.url paths that could leave the output folder or mean another host", async () => {
  const refused = [
    "../../etc/",
    "/../x/",
    "/blog/../../x/",
    "/./blog/",
    "/%2e%2e/x/",
    "/%2E%2e/",
    "//evil.example/",
    "/blog//x/",
    "/blog\\..\\x/",
    "blog/",
    "/blog/?q=1",
    "/blog/#top",
    "/my blog/",
    "javascript:alert(1)",
    "https://user@evil.example/",
    "file:///etc/",
    "https://margo.example//blog/",
  ];

  for (const url of refused) {
    const problems = await contentProblems(() =>
      withSite({ blog: { url, feed: "blog/feed.xml" } }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
    );
    const problem = problemAt(problems, "blog.url");
    assert.is(problem.actual, url);
    assert.match(problem.expected, "or a path such as /blog/", url);
  }
});

test("should accept blog.url paths that stay inside the site and safe absolute URLs", () => {
  // A segment that starts with a dot is no `.` segment (the top one may hold no dot: see below).
  const accepted = [
    "/blog/",
    "/notes/2026/",
    "/blog",
    "/notes/.well-known-ish/",
    "/blog/apis/",
    "https://blog.example/",
  ];

  const urls = accepted.map(
    (url) => withSite({ blog: { url, feed: "blog/feed.xml" } }, (dir) => readSiteConfig({ CONTENT_DIR: dir })).blogUrl,
  );

  assert.equal(urls, [
    "https://fixture.example/blog/",
    "https://fixture.example/notes/2026/",
    "https://fixture.example/blog",
    "https://fixture.example/notes/.well-known-ish/",
    "https://fixture.example/blog/apis/",
    "https://blog.example/",
  ]);
});

test("should refuse a blog.url whose pages would be written over the portfolio's, / and /projects/ among them", async () => {
  // Before: Eleventy's "Output conflict" and its stack trace, or ENOTDIR for /sitemap.xml/, naming no field.
  const refused = [
    "/",
    "/projects/",
    "/Now/x/",
    "/api",
    "/docs/",
    "/blog/api/",
    "/sitemap.xml/",
    "/_headers/",
    "/pagefind/",
  ];

  for (const url of refused) {
    const problems = await contentProblems(() =>
      withSite({ blog: { url, feed: "blog/feed.xml" } }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
    );
    const problem = problemAt(problems, "blog.url");
    assert.is(problem.actual, url);
    assert.match(problem.expected, "a folder of the blog's own: not /, a name with `.` or a leading `_`", url);
  }
});

test("should refuse a blog.feed outside the content folder or of an unsafe scheme", async () => {
  for (const feed of [
    "../../etc/hostname",
    "/etc/hostname",
    "blog/../../x.xml",
    "javascript:alert(1)",
    "https://u:p@feed.example/rss.xml",
    "blog\\feed.xml",
  ]) {
    const problems = await contentProblems(() =>
      withSite({ blog: { url: "/blog/", feed } }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
    );
    const problem = problemAt(problems, "blog.feed");
    assert.is(problem.actual, feed);
    assert.match(problem.expected, "a path under content/", feed);
  }
});

test("should refuse a blog.feed reached through a symbolic link", async () => {
  const tree = writeContentTree({ "site.yaml": siteYaml({ blog: { url: "/blog/", feed: "linked/feed.xml" } }) });
  try {
    symlinkSync(join(tree.dir, "blog"), join(tree.dir, "linked"));

    const problems = await contentProblems(() => readSiteConfig({ CONTENT_DIR: tree.dir }));

    assert.match(problemAt(problems, "blog.feed").expected, "symbolic links are not followed");
  } finally {
    tree.cleanup();
  }
});

test("should report a bad blog.url and a bad time zone together", async () => {
  const problems = await contentProblems(() =>
    withSite({ timezone: "Mars/Base", blog: { url: "../x/" } }, (dir) => readSiteConfig({ CONTENT_DIR: dir })),
  );

  assert.equal(problems.map((problem) => problem.field).sort(), ["blog.url", "timezone"]);
});

test("should say in words that CONTENT_DIR names a file, not a folder", async () => {
  const tree = writeContentTree();
  try {
    const problems = await contentProblems(() => readSiteConfig({ CONTENT_DIR: tree.file("profile.yaml") }));

    assert.is(problemAt(problems, "(folder)").expected, "a folder of content (CONTENT_DIR names a file)");
  } finally {
    tree.cleanup();
  }
});

test("should refuse a SITE_URL with a password without printing the password", () => {
  let message = "";
  try {
    withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SITE_URL: "https://deploy:s3cretPAT@example.org/" }));
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  assert.match(message, /SITE_URL/);
  assert.not.match(message, /s3cretPAT/);
});

test("should refuse a SOURCE_DATE_EPOCH past the end of year 9999", async () => {
  for (const epoch of ["253402300800", "99999999999999"]) {
    const problems = await contentProblems(() =>
      withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SOURCE_DATE_EPOCH: epoch })),
    );
    assert.equal(
      problems.map((p) => p.file),
      ["SOURCE_DATE_EPOCH"],
      epoch,
    );
  }
  const last = withSite({}, (dir) => readSiteConfig({ CONTENT_DIR: dir, SOURCE_DATE_EPOCH: "253402300799" }));
  assert.is(last.buildTime.toISOString(), "9999-12-31T23:59:59.000Z");
});

test.run();
