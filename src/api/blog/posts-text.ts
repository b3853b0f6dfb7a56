import type { BlogModel } from "../../blog/blog-model.ts";
import { terminalText } from "../../util/terminal-text.ts";
import { blogUrls } from "./blog-urls.ts";
import { blogPaths } from "./paths.ts";

/**
 * The post list for terminals: date, title and URL of every post, newest first; each line made
 * terminal-safe as a whole, so no value can send an escape sequence or start a line of its own.
 */
export function postsText(model: BlogModel): string {
  const urls = blogUrls(model);
  const lines = [
    `${model.settings.title} — ${model.settings.tagline}`,
    `${urls.home}`,
    `${model.stats.posts} post${model.stats.posts === 1 ? "" : "s"}, newest first. As JSON: ${urls.api(blogPaths.posts)}`,
    "",
  ];
  for (const post of model.posts) {
    const tags = post.tags.length > 0 ? `  [${post.tags.map((tag) => tag.name).join(", ")}]` : "";
    lines.push(`${post.published.toISODate()}  ${post.title}${tags}`, `            ${urls.post(post.slug)}`);
  }
  return `${lines.map(terminalText).join("\n")}\n`;
}
