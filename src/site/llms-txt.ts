import type { BlogModel } from "../blog/blog-model.ts";
import { publishedUrl, sitePaths } from "../config/site-paths.ts";
import { blogPaths } from "../api/blog/paths.ts";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import type { PortfolioModel } from "../model/portfolio-model.ts";

/*
 * /llms.txt and /llms-full.txt, as llmstxt.org describes them: the site in brief for a language
 * model, in Markdown (a title, a summary, then sections of links), and the posts' text in full.
 * Written from the same models as the pages, so they list exactly the published posts.
 */

/** One line of text: a front-matter string may hold line breaks, which would end a list item. */
const line = (text: string) => text.replace(/\s+/g, " ").trim();
/** A line Markdown shows as written: `]` would end a link's text, `<` open a tag, a typed "&amp;" read "&". */
const markdownText = (text: string) => line(text).replace(/[[\]\\<]|&(?=#?\w+;)/g, "\\$&");
const item = (title: string, url: string, notes: string) =>
  `- [${markdownText(title)}](${url}): ${markdownText(notes)}`;

export function llmsTxt(portfolio: PortfolioModel, blog: BlogModel | null): string {
  const { config } = portfolio;
  const paths = sitePaths(config);
  const url = (path: string) => publishedUrl(config, path);
  const sections = [
    `# ${markdownText(config.site.title)}`,
    `> ${markdownText(config.site.description)}`,
    [
      "## APIs",
      item("Portfolio API reference", url(paths.apiDocs), "every endpoint, field and schema"),
      item("Portfolio API index", url(paths.portfolioApi(portfolioPaths.index)), "every JSON file, as JSON"),
      item("Portfolio OpenAPI document", url(paths.portfolioApi(portfolioPaths.openapi)), "OpenAPI 3.1"),
      ...(blog
        ? [
            item("Blog API reference", url(paths.blog.apiDocs), "every endpoint, field and schema"),
            item("Blog API index", url(paths.blogApi(blogPaths.index)), "every JSON file, as JSON"),
            item("Blog OpenAPI document", url(paths.blogApi(blogPaths.openapi)), "OpenAPI 3.1"),
          ]
        : []),
    ].join("\n"),
    ["## Projects", ...portfolio.projects.map((p) => item(p.name, url(paths.project(p.name)), p.tagline))].join("\n"),
  ];
  if (blog && blog.posts.length > 0) {
    const posts = blog.posts.map((post) => item(post.title, url(paths.blog.post(post.slug)), post.description));
    const full = item("Every post in full", url(paths.llmsFullTxt), "their text, newest first");
    sections.push(["## Posts", ...posts].join("\n"), ["## Optional", full].join("\n"));
  }
  return `${sections.join("\n\n")}\n`;
}

/** Every published post's text, newest first, each under its title with its URL and date. */
export function llmsFullTxt(portfolio: PortfolioModel, blog: BlogModel | null): string {
  const { config } = portfolio;
  const posts = (blog?.posts ?? []).map((post) =>
    [
      `# ${markdownText(post.title)}`,
      `URL: ${publishedUrl(config, sitePaths(config).blog.post(post.slug))}`,
      `Published: ${post.published.toISODate()}`,
      "",
      // A line of code such as "# comment" (or "===" under a line) would read as a heading, a post of its own.
      post.text.trim().replace(/^( {0,3})(?=#{1,6}(?:[ \t]|$)|=+[ \t]*$)/gm, "$1\\"),
    ].join("\n"),
  );
  return `${[`# ${markdownText(config.site.title)}: posts in full`, ...posts].join("\n\n")}\n`;
}
