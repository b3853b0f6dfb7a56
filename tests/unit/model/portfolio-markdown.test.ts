import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderPortfolioMarkdown } from "../../../src/model/portfolio-markdown.ts";
import { buildPortfolioModel } from "../../../src/model/portfolio-model.ts";
import { contentProblems } from "../support/errors.ts";
import { content, project, siteConfig } from "../support/model.ts";

const config = siteConfig();

test("should report refused links of two writeups, a refused project's writeup and a /now item in one error", async () => {
  const problems = await contentProblems(() =>
    renderPortfolioMarkdown({
      config,
      projects: [
        project({ name: "first" }, "[x](javascript:alert(1))\n"),
        project({ name: "second" }, "[y](data:text/html,hi)\n"),
      ],
      refusedProjects: [
        { file: "/nonexistent/content/projects/broken.md", body: "[z](vbscript:msgbox)\n", bodyLine: 1 },
      ],
      now: { updated: "2026-11-02", sections: [{ title: "Doing", items: ["fine", "[w](javascript:void)"] }] },
    }),
  );

  const files = problems.map((p) => `${p.file}#${p.field}`);
  assert.is(problems.length, 4, JSON.stringify(problems));
  assert.ok(
    files.some((where) => where.includes("projects/first.md")),
    files.join("\n"),
  );
  assert.ok(
    files.some((where) => where.includes("projects/second.md")),
    files.join("\n"),
  );
  assert.ok(
    files.some((where) => where.includes("projects/broken.md")),
    files.join("\n"),
  );
  assert.ok(
    files.some((where) => where.includes("now.yaml#sections[0].items[1]")),
    files.join("\n"),
  );
});

test("should name the writeup and the language of a code block nothing highlights in a warning", () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    renderPortfolioMarkdown({
      config,
      projects: [project({ name: "first" }, "```cobol\nDISPLAY 'HI'.\n```\n")],
      now: { updated: "2026-11-02", sections: [] },
    });
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings, [
    '[highlight] /nonexistent/content/projects/first.md: no grammar for code in "cobol": shown plain',
  ]);
});

test("should render every writeup and /now item once, by file and by position", () => {
  const rendered = renderPortfolioMarkdown({
    config,
    projects: [project({ name: "first" }, "Hello *there*.\n"), project({ name: "empty" }, "  \n")],
    now: { updated: "2026-11-02", sections: [{ title: "Doing", items: ["a [link](https://example.com/)"] }] },
  });

  assert.equal(rendered.writeups.get("/nonexistent/content/projects/first.md"), {
    html: "<p>Hello <em>there</em>.</p>\n",
    text: "Hello there.",
  });
  assert.is(rendered.writeups.get("/nonexistent/content/projects/empty.md"), null);
  assert.equal(rendered.now, [[{ text: "a link", html: 'a <a href="https://example.com/">link</a>' }]]);
});

test("should report every refused link of the model's Markdown at once when the model renders it itself", async () => {
  const problems = await contentProblems(() =>
    buildPortfolioModel({
      config,
      content: content({
        projects: [
          project({ name: "first" }, "[x](javascript:alert(1))\n"),
          project({ name: "second" }, "[y](javascript:alert(2))\n"),
        ],
        now: { updated: "2026-11-02", sections: [{ title: "Doing", items: ["[w](javascript:void)"] }] },
      }),
      github: { repositories: new Map(), pulls: [], notes: {} },
      posts: [],
    }),
  );

  assert.is(problems.length, 3, JSON.stringify(problems));
});

test.run();
