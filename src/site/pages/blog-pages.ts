import type { BlogModel, BlogTag } from "../../blog/blog-model.ts";
import type { BlogPost } from "../../blog/load-blog.ts";
import * as api from "../../api/blog/resources.ts";
import { blogPaths } from "../../api/blog/paths.ts";
import type { PostSummary } from "../../schemas/blog/posts.ts";
import type { RenderedHeading } from "../../markdown/render-markdown.ts";
import { html, type SafeHtml } from "../../util/html.ts";
import { countOf } from "../../util/plural.ts";
import { renderPage } from "../layout.ts";
import { blogNode, blogPostingNode, breadcrumbNode, type Crumb } from "../json-ld.ts";
import { publishes } from "../../config/site-config.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";
import { copyScript, PAGEFIND_BODY, proseHtml, tagLink, time } from "./fragments.ts";
import { pictureHtml, withPictures } from "../../images/picture-html.ts";

/*
 * The blog's pages, from the same resource builders as the blog API: the post page shows the
 * very `content_html` the API serves, so heading anchors and ids always match.
 */

/** The breadcrumb trail of a blog page: the site's home page, the blog's, then `steps`. */
function trail(model: BlogModel, ...steps: Crumb[]) {
  const blog = { name: model.settings.title, path: sitePaths(model.config).blog.home };
  return breadcrumbNode(model.config, blog, ...steps);
}

/** og:locale: blog.yaml's language as `en_US` (for `en`, its likely region); a tag Intl cannot read is refused where it is read. */
function ogLocale(model: BlogModel): SafeHtml {
  const { language, region } = new Intl.Locale(model.settings.language).maximize();
  return html`<meta property="og:locale" content="${region ? `${language}_${region}` : language}">\n`;
}

function postItem(model: BlogModel, post: PostSummary): SafeHtml {
  const blog = sitePaths(model.config).blog;
  const draft = model.postBySlug.get(post.slug)?.draft ? html` <span class="draft-label">Draft</span>` : "";
  return html`<li class="post-item h-entry">
<h2><a class="p-name u-url" href="${blog.post(post.slug)}">${post.title}</a>${draft}</h2>
<p class="meta">${time(post.published, model.config.site.timezone, "dt-published")} · ${post.reading_time_minutes} min read${post.tags.length > 0 ? html` · ${post.tags.map((tag, i) => html`${i > 0 ? ", " : ""}${tagLink(tag.name, blog.tag(tag.slug))}`)}` : ""}</p>
<p class="p-summary">${post.description}</p>
</li>`;
}

export function blogIndexPage(model: BlogModel): string {
  const paths = sitePaths(model.config);
  const blog = paths.blog;
  const posts = model.posts.map((post) => api.postSummary(model, post));
  // An h-feed (microformats2) of the posts' h-entries, in the blog's language (the chrome is English).
  const body = html`<div class="narrow h-feed" lang="${model.settings.language}"><h1 class="p-name">${model.settings.title}</h1>
<p class="lede">${model.settings.tagline}</p>
<p>${model.settings.description}</p>
<p class="links"><a href="${blog.archive}">Archive</a>&nbsp;· <a href="${paths.blogApi(blogPaths.rss)}">RSS</a>${publishes(model.config, "atom") ? html`&nbsp;· <a href="${paths.blogApi(blogPaths.atom)}">Atom</a>` : ""}&nbsp;· <a href="${paths.blogApi(blogPaths.jsonFeed)}">JSON Feed</a>&nbsp;· <a href="${blog.apiDocs}">API</a></p>
<ul class="posts">${posts.map((post) => postItem(model, post))}</ul>
<section aria-labelledby="tags-title"><h2 id="tags-title">Tags</h2>
<ul class="tags">${model.tags.map((tag) => html`<li>${tagLink(tag.name, blog.tag(tag.slug))} <span class="count">${tag.posts.length}</span></li>`)}</ul></section></div>`;
  return renderPage({
    config: model.config,
    title: model.settings.title,
    description: model.settings.tagline,
    path: blog.home,
    section: "blog",
    body,
    head: ogLocale(model),
    jsonLd: [blogNode(api.site(model), posts), trail(model)],
  });
}

/**
 * The table of contents of a post with three or more h2 and h3 headings, from the headings its
 * one render collected; an h3 is listed under the h2 before it.
 */
function tableOfContents(headings: readonly RenderedHeading[]): SafeHtml {
  const listed = headings.filter((heading) => heading.level === 2 || heading.level === 3);
  if (listed.length < 3) return html``;
  const items: { heading: RenderedHeading; under: RenderedHeading[] }[] = [];
  for (const heading of listed) {
    const parent = items.at(-1);
    if (heading.level === 3 && parent?.heading.level === 2) parent.under.push(heading);
    else items.push({ heading, under: [] });
  }
  const link = (heading: RenderedHeading) => html`<a href="#${heading.id}">${heading.title}</a>`;
  return html`<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">Contents</h2>
<ol>${items.map(({ heading, under }) => html`<li>${link(heading)}${under.length > 0 ? html`<ol>${under.map((h) => html`<li>${link(h)}</li>`)}</ol>` : ""}</li>`)}</ol></nav>`;
}

export function postPage(model: BlogModel, post: BlogPost): string {
  const paths = sitePaths(model.config);
  const blog = paths.blog;
  const path = blog.post(post.slug);
  const full = api.fullPost(model, post);
  const zone = model.config.site.timezone;
  // The cover shown above the text is the first image above the fold; else the text's first image is.
  const cover = post.coverSource === "front matter" ? post.pictures.get(full.cover.url) : undefined;
  // An h-entry (microformats2): name, dates, content, author, URL and categories; no draft in the search
  // index; in the blog's language (the chrome is English).
  const body = html`<article class="post h-entry" lang="${model.settings.language}"${post.draft ? "" : PAGEFIND_BODY}>
<data class="u-url u-uid" value="${full.url}"></data>
<header>
${post.draft ? html`<p class="draft-note"><strong>Draft.</strong> Only <code>npm start</code> shows it; a build leaves it out until <code>draft: true</code> goes.</p>` : ""}
<h1 class="p-name">${full.title}</h1>
<p class="meta" data-pagefind-ignore>${time(full.published, zone, "dt-published")}${full.updated !== full.published ? html` · updated ${time(full.updated, zone, "dt-updated")}` : ""} · ${full.reading_time_minutes} min read · by <a class="p-author h-card" href="${paths.home}">${model.config.site.title}</a>${full.tags.length > 0 ? html` · ${full.tags.map((tag, i) => html`${i > 0 ? ", " : ""}${tagLink(tag.name, blog.tag(tag.slug), "p-category")}`)}` : ""}</p>
</header>
${cover ? pictureHtml(cover.plan, { alt: full.cover.alt, className: "cover", eager: true }) : ""}
${tableOfContents(post.headings)}
<div class="prose e-content">${proseHtml(withPictures(full.content_html, post.pictures, !cover).value)}</div>
<footer class="post-footer" data-pagefind-ignore>
<p class="license">Writing licensed <a href="${full.license.writing.url}">${full.license.writing.id}</a>, code in this post <a href="${full.license.code.url}">${full.license.code.id}</a>. Credit: ${full.license.attribution}.</p>
<p class="links"><a href="${full.source.markdown}">Source on the code host</a>&nbsp;· <a href="${full.source.raw}">Raw Markdown</a>&nbsp;· <a href="${full.source.history}">History</a>&nbsp;· <a href="${paths.blogApi(blogPaths.post, { slug: post.slug })}">JSON</a></p>
${
  full.related.length > 0
    ? html`<section class="related" aria-labelledby="related-title"><h2 id="related-title">Related posts</h2>
<ul>${full.related.map((other) => html`<li><a href="${blog.post(other.slug)}">${other.title}</a> <span class="meta">${time(other.published, zone)}</span></li>`)}</ul></section>`
    : ""
}
<nav class="post-nav" aria-label="More posts">
${full.older ? html`<a rel="prev" data-older href="${blog.post(full.older.slug)}">← ${full.older.title}</a>` : ""}
${full.newer ? html`<a rel="next" data-newer href="${blog.post(full.newer.slug)}">${full.newer.title} →</a>` : ""}
</nav>
</footer>
</article>`;
  const head = html`<meta property="article:published_time" content="${full.published}">
<meta property="article:modified_time" content="${full.updated}">
${ogLocale(model)}${copyScript(full.content_html, paths)}`;
  return renderPage({
    config: model.config,
    title: full.title,
    description: full.description,
    path,
    section: "blog",
    body,
    ogType: "article",
    head,
    // Social sites show no SVG: such a cover's card is the site's image.
    ogImage: full.cover.url.endsWith(".svg") ? undefined : full.cover,
    jsonLd: [blogPostingNode(model.config, full, model.settings.language), trail(model, { name: full.title, path })],
  });
}

export function tagPage(model: BlogModel, tag: BlogTag): string {
  const detail = api.tagDetail(model, tag);
  const paths = sitePaths(model.config);
  const path = paths.blog.tag(tag.slug);
  const feed = publishes(model.config, "atom") ? paths.blogApi(blogPaths.tagAtom, { tag: tag.slug }) : null;
  const body = html`<div class="narrow"><h1>Posts tagged “${detail.name}”</h1>
<p>${countOf(detail.count, "post", "posts")}${feed ? html` · <a href="${feed}">Atom feed of this tag</a>` : ""}</p>
<ul class="posts">${detail.posts.map((post) => postItem(model, post))}</ul></div>`;
  return renderPage({
    config: model.config,
    title: `Tag: ${detail.name}`,
    description: `${countOf(detail.count, "post", "posts")} tagged ${detail.name}`,
    path,
    section: "blog",
    body,
    head: feed
      ? html`<link rel="alternate" type="application/atom+xml" title="${detail.name} (Atom)" href="${publishedUrl(model.config, feed)}">`
      : html``,
    jsonLd: [trail(model, { name: `Tag: ${detail.name}`, path })],
  });
}

export function archivePage(model: BlogModel): string {
  const blog = sitePaths(model.config).blog;
  const years = api.archive(model);
  const body = html`<div class="narrow"><h1>Archive</h1>
${years.map(
  (
    year,
  ) => html`<section aria-labelledby="y-${year.year}"><h2 id="y-${year.year}">${year.year} <span class="count">${year.count}</span></h2>
${year.months.map((month) => html`<h3>${month.name}</h3><ul class="plain">${month.posts.map((post) => html`<li><a href="${blog.post(post.slug)}">${post.title}</a> <span class="meta">${time(post.published, model.config.site.timezone)}</span></li>`)}</ul>`)}
</section>`,
)}</div>`;
  return renderPage({
    config: model.config,
    title: "Archive",
    description: `All ${model.stats.posts} posts by year and month`,
    path: blog.archive,
    section: "blog",
    body,
    jsonLd: [trail(model, { name: "Archive", path: blog.archive })],
  });
}
