import type {
  BlogLeaf,
  BlogPostingLeaf,
  BreadcrumbListLeaf,
  Graph,
  PersonLeaf,
  SoftwareSourceCodeLeaf,
  Thing,
  WebSiteLeaf,
} from "schema-dts";
import type { SiteConfig } from "../config/site-config.ts";
import type { FullPost } from "../schemas/blog/posts.ts";
import { profileLinks, type Profile } from "../schemas/portfolio/profile.ts";
import type { ProjectDetail } from "../schemas/portfolio/projects.ts";
import { raw, type SafeHtml } from "../util/html.ts";
import { publishedUrl, sitePaths } from "../config/site-paths.ts";

/*
 * Structured data (JSON-LD, schema.org) for search engines and social previews. Typed with
 * schema-dts, so a property schema.org does not define on a type is a type error. Every node is
 * made from a resource the API also serves, so the page's data and its JSON file agree.
 */

/** One step of a breadcrumb trail: what a search result shows above the page's title. */
export interface Crumb {
  name: string;
  /** The page's site path (src/config/site-paths.ts). */
  path: string;
}

// `<` would let a `</script>` or `<!--` in any text end or bend the script element; `>` and `&`
// go too, and U+2028/U+2029, which some JavaScript-minded readers take as line ends.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * The `<script type="application/ld+json">` element carrying `nodes` as one graph. The text is
 * JSON.stringify's, with every character that HTML could read inside a script element escaped
 * as a JSON `\uXXXX` escape, which a JSON-LD reader decodes back to the same text.
 */
export function jsonLdScript(nodes: readonly Thing[]): SafeHtml {
  const graph: Graph = { "@context": "https://schema.org", "@graph": nodes };
  const json = JSON.stringify(graph).replace(
    UNSAFE_IN_SCRIPT,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return raw(`<script type="application/ld+json">${json}</script>`);
}

function homeUrl(config: SiteConfig): string {
  return publishedUrl(config, sitePaths(config).home);
}

/** The owner's node id: every page refers to the one Person the home page describes. */
export function personId(config: SiteConfig): string {
  return `${homeUrl(config)}#person`;
}

/** The owner, with the profiles elsewhere that are theirs (`sameAs`) and their photo's URL (`image`), if any. */
export function personNode(config: SiteConfig, profile: Profile, image?: string): PersonLeaf {
  return {
    "@type": "Person",
    "@id": personId(config),
    name: profile.name,
    alternateName: profile.handle,
    description: profile.headline,
    url: profile.links.site,
    sameAs: profileLinks(profile.links).map((link) => link.url),
    ...(image === undefined ? {} : { image }),
  };
}

/** The site as a whole, published by its owner. */
export function webSiteNode(config: SiteConfig): WebSiteLeaf {
  const home = homeUrl(config);
  return {
    "@type": "WebSite",
    "@id": `${home}#website`,
    name: config.site.title,
    description: config.site.description,
    url: home,
    publisher: { "@id": personId(config) },
  };
}

/** The trail from the home page (the site's title) through `steps`; the last step is the page itself. */
export function breadcrumbNode(config: SiteConfig, ...steps: Crumb[]): BreadcrumbListLeaf {
  const trail = [{ name: config.site.title, path: sitePaths(config).home }, ...steps];
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: publishedUrl(config, crumb.path),
    })),
  };
}

/** A project: its code repository and the languages it is written in. */
export function sourceCodeNode(config: SiteConfig, project: ProjectDetail): SoftwareSourceCodeLeaf {
  return {
    "@type": "SoftwareSourceCode",
    "@id": `${project.urls.page}#code`,
    name: project.name,
    description: project.tagline,
    url: project.urls.page,
    codeRepository: project.urls.repo,
    programmingLanguage: project.languages,
    keywords: project.tags,
    image: project.urls.og_image,
    author: { "@id": personId(config) },
    ...(project.award ? { award: `${project.award.place}, ${project.award.event}` } : {}),
  };
}

/** The blog (the blog API's `site`): its name, its address and its posts, each by the id its page gives it. */
export function blogNode(blog: { title: string; url: string }, posts: readonly { url: string }[]): BlogLeaf {
  return {
    "@type": "Blog",
    name: blog.title,
    url: blog.url,
    blogPost: posts.map((post) => ({ "@type": "BlogPosting", "@id": `${post.url}#post`, url: post.url })),
  };
}

/** A blog post: headline, dates, author, cover image (its size as numbers; schema-dts types it as text) and tags. */
export function blogPostingNode(config: SiteConfig, post: FullPost, language: string): BlogPostingLeaf {
  return {
    "@type": "BlogPosting",
    "@id": `${post.url}#post`,
    headline: post.title,
    description: post.description,
    url: post.url,
    mainEntityOfPage: post.url,
    datePublished: post.published,
    dateModified: post.updated,
    inLanguage: language,
    // Named as the blog API names its author; no `@id`, since that name is the site's title and
    // may differ from the profile's name the home page's Person carries.
    author: { "@type": "Person", name: config.site.title, url: homeUrl(config) },
    image: {
      "@type": "ImageObject",
      url: post.cover.url,
      width: post.cover.width as unknown as string,
      height: post.cover.height as unknown as string,
    },
    keywords: post.tags.map((tag) => tag.name),
    wordCount: post.word_count,
    license: post.license.writing.url,
  };
}
