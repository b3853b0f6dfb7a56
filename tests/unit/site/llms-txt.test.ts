import MarkdownIt from "markdown-it";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { llmsFullTxt, llmsTxt } from "../../../src/site/llms-txt.ts";
import { blogModelOf, meta, postFile } from "../blog/support/blog-tree.ts";
import { handModel } from "../support/model.ts";

/*
 * llms.txt and llms-full.txt are Markdown: what a Markdown reader (markdown-it, CommonMark with
 * HTML on, as readers render it) shows must be the post as written.
 */

const TITLE = 'Why <div> soup [sic] & "quotes"';
const DESCRIPTION = "The <dialog> element, &amp; typed, and a back\\slash";
const CODE = "```sh\n# jump at point 1412\n  ## indented\n#[derive(Debug)]\nTitle\n=====\n```\n";

const blog = blogModelOf({ "a.md": postFile(meta({ title: TITLE, description: DESCRIPTION }), `Before.\n\n${CODE}`) });
const portfolio = handModel();
const reader = new MarkdownIt({ html: true });

/** The text a Markdown reader shows of one line: what it takes for HTML tags is not shown. */
function shownText(line: string): string {
  const inline = reader.parseInline(line, {})[0]?.children ?? [];
  return inline
    .filter((token) => token.type === "text")
    .map((token) => token.content)
    .join("");
}

/** The text of every heading of a document, as a reader shows it. */
function headings(markdown: string): string[] {
  const tokens = reader.parse(markdown, {});
  return tokens.flatMap((token, index) => (token.type === "heading_open" ? [tokens[index + 1]?.content ?? ""] : []));
}

test("should show a post's title and description in llms.txt as written", () => {
  const line = llmsTxt(portfolio, blog)
    .split("\n")
    .find((text) => text.includes("soup"));
  assert.is(shownText(line ?? ""), `- ${TITLE}: ${DESCRIPTION}`);
});

test("should give llms-full.txt one heading per post, its title as written, whatever its code holds", () => {
  const full = llmsFullTxt(portfolio, blog);
  assert.equal(headings(full).slice(1).map(shownText), [TITLE]);
  assert.match(full, "\\# jump at point 1412\n  \\## indented\n#[derive(Debug)]\nTitle\n\\=====");
});

test.run();
