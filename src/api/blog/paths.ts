/** Path templates of the blog API, relative to the blog API's root (`{base_url}/blog`). */
export const blogPaths = {
  index: "/api/v1/index.json",
  openapi: "/api/openapi.json",
  search: "/api/v1/search.json",
  site: "/api/v1/site.json",
  posts: "/api/v1/posts.json",
  post: "/api/v1/posts/{slug}.json",
  latest: "/api/v1/latest.json",
  tags: "/api/v1/tags.json",
  tag: "/api/v1/tags/{tag}.json",
  archive: "/api/v1/archive.json",
  stats: "/api/v1/stats.json",
  jsonFeed: "/api/v1/feed.json",
  rss: "/index.xml",
  badge: "/api/v1/badges/{metric}.json",
  postsText: "/api/v1/posts.txt",
} as const;
