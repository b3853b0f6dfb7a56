// A client of both APIs written the way an outside developer would: types generated from the
// built OpenAPI documents by openapi-typescript, requests made with openapi-fetch. Nothing
// here is typed by hand. tests/e2e/typed-client.test.ts generates `./generated/*.d.ts`,
// compiles this file with `tsc --strict` (./tsconfig.json) and runs `consume` against a served
// build; a compile error is a failed test, so the type-level checks below are assertions too.
import createClient from "openapi-fetch";
import type { components as BlogComponents, paths as BlogPaths } from "./generated/blog.js";
import type { components as PortfolioComponents, paths as PortfolioPaths } from "./generated/portfolio.js";

type PortfolioSchemas = PortfolioComponents["schemas"];
type BlogSchemas = BlogComponents["schemas"];

/** True only when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** What the test compares with the built files: the values as the typed client received them. */
export interface Report {
  projects: { self: string; count: number; names: string[] };
  project: { self: string; data: PortfolioSchemas["ProjectDetail"] };
  portfolioTags: { self: string; data: PortfolioSchemas["Tag"][] };
  posts: { self: string; slugs: string[] };
  post: { self: string; data: BlogSchemas["FullPost"] };
  blogTags: { self: string; slugs: string[] };
  tag: { self: string; data: BlogSchemas["TagDetail"] };
  missing: { status: number; type: string | null };
}

/** The names a test passes in: each must be one of the literal values the OpenAPI document lists. */
const projectName = "benchdiff";
const postSlug = "a-year-of-lora-in-the-valley";
const tagSlug = "climbing";

/** Turns an openapi-fetch result into its data, or an error naming the request and status. */
function ok<T>(label: string, result: { data?: T; response: Response }): T {
  if (result.data === undefined) throw new Error(`${label}: HTTP ${result.response.status}`);
  return result.data;
}

/** Where each API is served: the `servers[0].url` of its OpenAPI document. */
export interface BaseUrls {
  portfolio: string;
  blog: string;
}

/** Calls several endpoints of both APIs and returns what they answered. */
export async function consume(base: BaseUrls): Promise<Report> {
  const portfolio = createClient<PortfolioPaths>({ baseUrl: base.portfolio });
  const blog = createClient<BlogPaths>({ baseUrl: base.blog });

  const projects = ok("projects.json", await portfolio.GET("/api/v1/projects.json"));
  // The list is exactly ProjectSummary[], not a looser shape that would accept anything.
  const exactList: Equal<typeof projects.data, PortfolioSchemas["ProjectSummary"][]> = true;
  void exactList;

  const project = ok(
    "projects/{name}.json",
    await portfolio.GET("/api/v1/projects/{name}.json", { params: { path: { name: projectName } } }),
  );
  // Path parameters are the literal names the build published: a misspelled one does not compile
  // (and if it did, the unused @ts-expect-error would fail the compilation). Never called.
  const misspelled = () =>
    // @ts-expect-error "benchdif" is not a project of the sample site.
    portfolio.GET("/api/v1/projects/{name}.json", { params: { path: { name: "benchdif" } } });
  void misspelled;

  const portfolioTags = ok("tags.json", await portfolio.GET("/api/v1/tags.json"));

  const posts = ok("blog posts.json", await blog.GET("/api/v1/posts.json"));
  const post = ok(
    "blog posts/{slug}.json",
    await blog.GET("/api/v1/posts/{slug}.json", { params: { path: { slug: postSlug } } }),
  );
  const exactPost: Equal<typeof post.data, BlogSchemas["FullPost"]> = true;
  void exactPost;
  const blogTags = ok("blog tags.json", await blog.GET("/api/v1/tags.json"));
  const tag = ok(
    "blog tags/{tag}.json",
    await blog.GET("/api/v1/tags/{tag}.json", { params: { path: { tag: tagSlug } } }),
  );

  // The host answers an unknown name with its HTML 404 page, as the documents describe; a client
  // that bypasses the literal types (a name read from elsewhere) gets an error, not data.
  const unknown = await portfolio.GET("/api/v1/projects/{name}.json", {
    params: { path: { name: "no-such-project" as typeof projectName } },
  });
  if (unknown.data !== undefined)
    throw new Error("projects/no-such-project.json: data for a project that does not exist");

  return {
    projects: { self: projects.meta.self, count: projects.meta.count, names: projects.data.map((p) => p.name) },
    project: { self: project.meta.self, data: project.data },
    portfolioTags: { self: portfolioTags.meta.self, data: portfolioTags.data },
    posts: { self: posts.meta.self, slugs: posts.data.map((p) => p.slug) },
    post: { self: post.meta.self, data: post.data },
    blogTags: { self: blogTags.meta.self, slugs: blogTags.data.map((t) => t.slug) },
    tag: { self: tag.meta.self, data: tag.data },
    missing: { status: unknown.response.status, type: unknown.response.headers.get("content-type") },
  };
}
