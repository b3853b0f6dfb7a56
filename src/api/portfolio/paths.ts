/**
 * Path templates of the portfolio API, relative to the site's base URL. The route table uses
 * them, and so do the builders that link one file to another (`urls.api`).
 */
export const portfolioPaths = {
  index: "/api/v1/index.json",
  openapi: "/api/openapi.json",
  search: "/api/v1/search.json",
  profile: "/api/v1/profile.json",
  now: "/api/v1/now.json",
  resume: "/api/v1/resume.json",
  pgpKey: "/pgp.asc",
  projects: "/api/v1/projects.json",
  project: "/api/v1/projects/{name}.json",
  featured: "/api/v1/featured.json",
  awards: "/api/v1/awards.json",
  inProgress: "/api/v1/in-progress.json",
  clusters: "/api/v1/clusters.json",
  cluster: "/api/v1/clusters/{id}.json",
  languages: "/api/v1/languages.json",
  tags: "/api/v1/tags.json",
  pulls: "/api/v1/pulls.json",
  posts: "/api/v1/posts.json",
  stats: "/api/v1/stats.json",
  badge: "/api/v1/badges/{metric}.json",
  cardText: "/api/v1/card.txt",
  cardAnsi: "/api/v1/card.ansi",
} as const;
