import type { BlogModel } from "../../blog/blog-model.ts";
import { blogUrls } from "./blog-urls.ts";

/** The post list for terminals: date, title and URL of every post, newest first. */
export function postsText(model: BlogModel): string {
  const urls = blogUrls(model);
  const lines = [
    `${model.settings.title} — ${model.settings.tagline}`,
    `${urls.home}`,
    `${model.stats.posts} post${model.stats.posts === 1 ? "" : "s"}, newest first. As JSON: ${urls.api("/api/v1/posts.json")}`,
    "",
  ];
  for (const post of model.posts) {
    const tags = post.tags.length > 0 ? `  [${post.tags.map((tag) => tag.name).join(", ")}]` : "";
    lines.push(`${post.published.toISODate()}  ${post.title}${tags}`, `            ${urls.post(post.slug)}`);
  }
  return `${lines.join("\n")}\n`;
}
