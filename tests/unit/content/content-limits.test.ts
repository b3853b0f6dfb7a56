import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MAX_IMAGE_NAME_BYTES, PIXEL_LIMIT, SIDE_LIMIT } from "../../../src/blog/image-files.ts";
import {
  MAX_BASE_URL_CHARACTERS,
  MAX_BLOG_TAGS,
  MAX_DOMAIN_PROJECTS,
  MAX_DOMAINS,
  MAX_CONTENT_FILE_BYTES,
  MAX_FEED_BYTES,
  MAX_FEED_ITEMS,
  MAX_FOLDER_FILES,
  MAX_HEADINGS,
  MAX_MARKUP_NESTING,
  MAX_KEY_BYTES,
  MAX_NESTING,
  MAX_STRING_CHARACTERS,
  MAX_TAG_SLUG,
  MAX_TAGS,
  MAX_TEXT_FILE_BYTES,
  MAX_YAML_CHARACTERS,
  MAX_YAML_DEPTH,
} from "../../../src/content/content-limits.ts";

/*
 * The limits are defined once, in code; the docs state them. This fails when a value in the
 * "Limits" tables of docs/robustness.md or docs/content-format.md is not the code's, or when a
 * test the robustness table names does not exist.
 */

const ROOT = join(import.meta.dirname, "../../..");

/** The rows of the first table after the heading `## Limits` of a doc, as cells. */
function limitsTable(doc: string): string[][] {
  const text = readFileSync(join(ROOT, "docs", doc), "utf8");
  const section = text.slice(text.indexOf("\n## Limits\n"));
  const lines = section.split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const mib = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`;
const count = (value: number): string => value.toLocaleString("en");

/** Each limit: its row in each doc (by the first cell) and how the value cell must start. */
const LIMITS: { robustness: string; contentFormat?: string; value: string }[] = [
  {
    robustness: "size of a Markdown or YAML file",
    contentFormat: "a Markdown or YAML file",
    value: mib(MAX_TEXT_FILE_BYTES),
  },
  { robustness: "size of the PGP key file", contentFormat: "`pgp.asc`", value: mib(MAX_KEY_BYTES) },
  {
    robustness: "size of the blog's feed (a file, or a URL's answer)",
    contentFormat: "the blog's feed (`blog/feed.xml`, or the answer of its URL)",
    value: mib(MAX_FEED_BYTES),
  },
  { robustness: "items of the blog's feed", value: count(MAX_FEED_ITEMS) },
  {
    robustness: "Markdown files in one content folder (posts, projects)",
    contentFormat: "Markdown files in one folder (`blog/posts/`, `projects/`)",
    value: count(MAX_FOLDER_FILES),
  },
  {
    robustness: "size of any other content file (image, snapshot)",
    contentFormat: "any other file (an image, `github/snapshot.json`)",
    value: mib(MAX_CONTENT_FILE_BYTES),
  },
  {
    robustness: "characters of a YAML document, aliases (`*name`) expanded",
    contentFormat: "the text of one YAML file, every string and key counted, an alias each time it is used",
    value: count(MAX_YAML_CHARACTERS),
  },
  {
    robustness: "characters of one YAML string or key, or of a feed item's title, link or `pubDate`",
    contentFormat: "one YAML string or key, or the title, link or date of an item of the blog's feed",
    value: count(MAX_STRING_CHARACTERS),
  },
  {
    robustness: "characters of the base URL (`SITE_URL`, or `url` in site.yaml), and of `blog.url`",
    contentFormat: "the base URL (`url` in `site.yaml`, or `SITE_URL`), and `blog.url`",
    value: count(MAX_BASE_URL_CHARACTERS),
  },
  {
    robustness: "nesting of YAML lists and maps",
    contentFormat: "nesting of YAML lists and maps",
    value: count(MAX_YAML_DEPTH),
  },
  {
    robustness: "tags of a post or a project",
    contentFormat: "tags of one post, or of one project",
    value: count(MAX_TAGS),
  },
  {
    robustness: "domains in `domains.yaml`",
    contentFormat: "domains in `domains.yaml`",
    value: count(MAX_DOMAINS),
  },
  {
    robustness: "projects of one domain",
    contentFormat: "projects of one domain (`cluster`)",
    value: count(MAX_DOMAIN_PROJECTS),
  },
  {
    robustness: "different tags of the blog's posts",
    contentFormat: "different tags of the blog, drafts' included",
    value: count(MAX_BLOG_TAGS),
  },
  {
    robustness: "characters of a blog tag's URL name (its slug)",
    contentFormat: "a blog tag's URL name (its slug: `Open Source` is `open-source`)",
    value: count(MAX_TAG_SLUG),
  },
  {
    robustness: "bytes of an image's file name",
    contentFormat: "the file name of an image (a post's or the photo)",
    value: count(MAX_IMAGE_NAME_BYTES),
  },
  {
    robustness: "headings of one Markdown document",
    contentFormat: "headings of one post or writeup",
    value: count(MAX_HEADINGS),
  },
  {
    robustness: "nesting of Markdown lists and block quotes",
    contentFormat: "lists and block quotes nested in a post or writeup",
    value: count(MAX_NESTING),
  },
  {
    robustness: "nesting of raw HTML (`raw_html: sanitize`) and of an SVG's elements",
    contentFormat: "raw HTML nested in a post or writeup, with `raw_html: sanitize`, and an SVG's elements",
    value: count(MAX_MARKUP_NESTING),
  },
  { robustness: "pixels of a raster image", value: count(PIXEL_LIMIT) },
  { robustness: "side of a raster image", value: `${count(SIDE_LIMIT)} px` },
  { robustness: "time of a pass over content at 10× its size", value: "at most 12×" },
];

const robustness = limitsTable("robustness.md");
const contentFormat = limitsTable("content-format.md");

for (const limit of LIMITS) {
  test(`should state ${limit.robustness} as the code does: ${limit.value}`, () => {
    const row = robustness.find((cells) => cells[0] === limit.robustness);
    assert.ok(row, `docs/robustness.md, "Limits", has no row "${limit.robustness}"`);
    assert.ok(row?.[1]?.startsWith(limit.value), `docs/robustness.md says ${row?.[1]}, the code ${limit.value}`);
    if (limit.contentFormat === undefined) return;
    const owner = contentFormat.find((cells) => cells[0] === limit.contentFormat);
    assert.ok(owner, `docs/content-format.md, "Limits", has no row "${limit.contentFormat}"`);
    assert.ok(
      owner?.[1]?.startsWith(limit.value),
      `docs/content-format.md says ${owner?.[1]}, the code ${limit.value}`,
    );
  });
}

test("should name in the robustness table only tests that exist", () => {
  const named = robustness.flatMap((row) => [...(row[3] ?? "").matchAll(/`(tests\/[^`]+)`/g)].map((m) => m[1] ?? ""));
  assert.ok(named.length > 10);
  assert.equal(
    named.filter((file) => !existsSync(join(ROOT, file))),
    [],
  );
});

test.run();
