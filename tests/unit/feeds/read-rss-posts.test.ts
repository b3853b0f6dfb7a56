import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseRssPosts } from "../../../src/feeds/read-rss-posts.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

const WHERE = "blog/feed.xml";
const rss = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Blog</title><link>https://b.example/</link><description>d</description>
${items}
</channel></rss>`;
const item = (fields: string) => `<item>${fields}</item>`;

test("should read each item's title, link, date and summary in feed order", () => {
  const xml = rss(
    item(
      "<title>One</title><link>https://b.example/one/</link><pubDate>Tue, 11 Feb 2025 07:45:00 +0000</pubDate><description>First.</description>",
    ) + item("<title>Two</title><link>https://b.example/two/</link><description>Second.</description>"),
  );

  const posts = parseRssPosts(xml, WHERE);

  assert.equal(posts, [
    { title: "One", url: "https://b.example/one/", published: "2025-02-11T07:45:00Z", summary: "First." },
    { title: "Two", url: "https://b.example/two/", published: null, summary: "Second." },
  ]);
});

test("should read RFC 822 dates keeping the feed's offset, so the day stays the blog's", () => {
  const xml = rss(
    item("<title>T</title><link>https://b.example/t/</link><pubDate>Thu, 25 Sep 2025 00:10:00 +0200</pubDate>"),
  );

  const posts = parseRssPosts(xml, WHERE);

  assert.is(posts[0]?.published, "2025-09-25T00:10:00+02:00");
  assert.is(Date.parse(posts[0]?.published ?? ""), Date.UTC(2025, 8, 24, 22, 10));
});

test("should decode entities in titles and summaries, and strip HTML from summaries", () => {
  const xml = rss(
    item(
      "<title>Fish &amp; chips</title><link>https://b.example/f/</link>" +
        "<description>&lt;p&gt;Hot &amp;amp; salty,\n   with &lt;em&gt;vinegar&lt;/em&gt;&lt;/p&gt;</description>",
    ),
  );

  const posts = parseRssPosts(xml, WHERE);

  assert.equal([posts[0]?.title, posts[0]?.summary], ["Fish & chips", "Hot & salty, with vinegar"]);
});

test("should read a summary given as CDATA", () => {
  const xml = rss(
    item(
      "<title>C</title><link>https://b.example/c/</link><description><![CDATA[<p>Tags &amp; more</p>]]></description>",
    ),
  );

  const posts = parseRssPosts(xml, WHERE);

  assert.is(posts[0]?.summary, "Tags & more");
});

test("should reject an item without a link, naming item[i].link", async () => {
  const xml = rss(item("<title>Fine</title><link>https://b.example/1/</link>") + item("<title>No link</title>"));

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  const problem = problemAt(problems, "item[1].link");
  assert.is(problem.file, WHERE);
  assert.is(problem.expected, "an absolute http(s) URL");
});

test("should read a title as text, shown as written, as feed readers and the RSS Advisory Board do", () => {
  // Before: taken for HTML, "Why <div> soup" was listed as "Why  soup" and "<b></b>" was empty.
  const xml = rss(
    item("<title>Why &lt;div&gt; soup &amp;amp; more</title><link>https://b.example/1/</link>") +
      item("<title><![CDATA[<b></b>]]></title><link>https://b.example/2/</link>"),
  );

  const posts = parseRssPosts(xml, WHERE);

  assert.equal(
    posts.map((post) => post.title),
    ["Why <div> soup &amp; more", "<b></b>"],
  );
});

test("should reject an item whose title is only blanks, which no page could show", async () => {
  const xml = rss(item("<title> &#160;\n </title><link>https://b.example/1/</link>"));

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.is(problemAt(problems, "item[0].title").expected, "a title");
});

test("should reject a link the APIs may not publish: credentials, no host, not a URI", async () => {
  // Each passed the old `^https?://` test: the first was published with its password, the
  // second stopped the build with a stack trace, the others failed the after-build validation.
  const links = ["https://user:secret@b.example/1/", "https://", "https://b.example/a b", 'https://b.example/"><x>'];
  const xml = rss(
    links
      .map((link) => item(`<title>T</title><link>${link.replace(/[<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</link>`))
      .join(""),
  );

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.equal(
    links.map((_, index) => problemAt(problems, `item[${index}].link`).expected),
    links.map(() => "an absolute http(s) URL"),
  );
});

test("should reject a pubDate whose offset is not a time zone's (+9959), which no date-time may carry", async () => {
  const xml = rss(
    item("<title>T</title><link>https://b.example/t/</link><pubDate>Tue, 03 Jun 2025 09:00:00 +9959</pubDate>"),
  );

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.is(problemAt(problems, "item[0].pubDate").actual, "Tue, 03 Jun 2025 09:00:00 +9959");
});

test("should reject a title or summary with a control character, also once its references are decoded", async () => {
  // A reference (`&#x1b;`) the parser drops; a raw one, or one escaped twice as summaries are, it keeps.
  const xml = rss(
    item("<title>Red\u001b[31m</title><link>https://b.example/1/</link>") +
      item("<title>Fine</title><link>https://b.example/2/</link><description>Bell&amp;#7;</description>"),
  );

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.equal(
    [problemAt(problems, "item[0].title").actual, problemAt(problems, "item[1].title").actual],
    ["U+001B", "U+0007"],
  );
});

test("should reject an item whose pubDate is not an RFC 822 date", async () => {
  const xml = rss(item("<title>T</title><link>https://b.example/t/</link><pubDate>2025-02-11</pubDate>"));

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  const problem = problemAt(problems, "item[0].pubDate");
  assert.is(problem.actual, "2025-02-11");
  assert.match(problem.expected, "RFC 822");
});

test("should reject a document without an RSS channel", async () => {
  const problems = await contentProblems(() => parseRssPosts("<feed><entry/></feed>", WHERE));

  assert.is(problemAt(problems, "rss.channel").file, WHERE);
});

test("should give no posts for a channel without items", () => {
  const posts = parseRssPosts(rss(""), WHERE);

  assert.equal(posts, []);
});

test("should cut a long description as a post's own summary is: its first paragraph, near 280 characters", () => {
  // Before: a description of a whole post (or of 60 MB) was published whole as the summary.
  const long = `${"word ".repeat(100)}end.`;
  const xml = rss(
    item(`<title>L</title><link>https://b.example/l/</link><description>Opening.\n\nSecond ${long}</description>`) +
      item(`<title>M</title><link>https://b.example/m/</link><description>${long}</description>`),
  );

  const [first, second] = parseRssPosts(xml, WHERE);

  assert.is(first?.summary, "Opening.");
  assert.ok((second?.summary.length ?? 0) <= 281 && second?.summary.endsWith("word…"), second?.summary);
});

test("should reject a title longer than a YAML string may be, saying how long it is", async () => {
  // Before: a 60 MB title was published everywhere; the build took 38 s and 3.66 GB.
  const xml = rss(item(`<title>${"T".repeat(10_001)}</title><link>https://b.example/1/</link>`));

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.is(
    problemAt(problems, "item[0].title").expected,
    "a string of at most 10,000 characters (this one has 10,001)",
  );
});

test("should count a title's characters as code points, as a YAML string's are", async () => {
  // Before: a title of 10,000 emoji was refused as 20,000 characters.
  const xml = (count: number) => rss(item(`<title>${"🧗".repeat(count)}</title><link>https://b.example/1/</link>`));

  const problems = await contentProblems(() => parseRssPosts(xml(10_001), WHERE));

  assert.is(parseRssPosts(xml(10_000), WHERE).length, 1);
  assert.is(
    problemAt(problems, "item[0].title").expected,
    "a string of at most 10,000 characters (this one has 10,001)",
  );
});

test("should reject a link or date longer than a YAML string may be, quoting neither", async () => {
  // Before: a 20,000-character link was published, and a long pubDate was quoted whole in the error.
  const link = `https://b.example/${"a".repeat(10_000)}`;
  const xml = rss(item(`<title>T</title><link>${link}</link><pubDate>${"Tue ".repeat(2_501)}</pubDate>`));

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  const long = (count: number) => `a string of at most 10,000 characters (this one has ${count.toLocaleString("en")})`;
  assert.equal(
    [problemAt(problems, "item[0].link"), problemAt(problems, "item[0].pubDate")].map((p) => [p.expected, p.actual]),
    [
      [long(link.length), undefined],
      [long(10_003), undefined],
    ],
  );
});

test("should refuse a feed of more than 1,000 items before parsing it, saying how many it has", async () => {
  // Before: 100,000 items took 8.7 s and 405 MB; 64 MiB holds about 560,000 (50 s, 2 GB).
  const one = item("<title>T</title><link>https://b.example/t/</link>");
  // Malformed after the items: only a count taken before the parse reports the items.
  const xml = `${rss(one.repeat(1_001))}<unclosed`;

  const problems = await contentProblems(() => parseRssPosts(xml, WHERE));

  assert.equal(problems, [
    { file: WHERE, field: "rss.channel.item", expected: "a feed of at most 1,000 items (this one has 1,001)" },
  ]);
  assert.is(parseRssPosts(rss(one.repeat(1_000)), WHERE).length, 1_000);
});

test("should count only <item> elements towards the 1,000, not <items> or <itemFoo>", async () => {
  // Before: every "<item" was counted, so 1,000 items and an <items> element were refused as 1,001.
  const one = item("<title>T</title><link>https://b.example/t/</link>");
  const others = "<items>3</items><itemFoo>x</itemFoo><itemBar/>";
  const spaced = "<item\n><title>T</title><link>https://b.example/t/</link></item >";

  assert.is(parseRssPosts(rss(others + one.repeat(1_000)), WHERE).length, 1_000);
  const problems = await contentProblems(() => parseRssPosts(rss(others + one.repeat(1_000) + spaced), WHERE));
  assert.equal(problems, [
    { file: WHERE, field: "rss.channel.item", expected: "a feed of at most 1,000 items (this one has 1,001)" },
  ]);
});

test.run();
