import { Type } from "@sinclair/typebox";
import type { PortfolioModel } from "../../model/portfolio-model.ts";
import { Now, Post, Pull } from "../../schemas/portfolio/activity.ts";
import { SearchItem, Stats } from "../../schemas/portfolio/catalog.ts";
import { portfolioComponents } from "../../schemas/portfolio/components.ts";
import { Profile, profileSchema } from "../../schemas/portfolio/profile.ts";
import {
  AwardEntry,
  Cluster,
  ClusterDetail,
  InProgressItem,
  Language,
  ProjectDetail,
  ProjectSummary,
  Tag,
} from "../../schemas/portfolio/projects.ts";
import { badgeRoute } from "../badges.ts";
import { metaRoutes } from "../meta-routes.ts";
import { type ApiDefinition, itemOf, type Route } from "../route.ts";
import { portfolioBadges } from "./badges.ts";
import { cardAnsi, cardText } from "./card.ts";
import { portfolioPaths as paths } from "./paths.ts";
import * as build from "./resources.ts";
import { JSON_RESUME_SCHEMA_URL, resumeDocument } from "./resume.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";

/**
 * The portfolio API, one entry per file family. Order is the order of the index, the OpenAPI
 * document and the documentation page.
 */
const routes: Route<PortfolioModel>[] = [
  ...metaRoutes(() => portfolioApi, paths, "API"),
  {
    id: "getSearch",
    path: paths.search,
    group: "meta",
    body: "list",
    schema: Type.Array(SearchItem),
    summary: "Search index of pages, projects, domains and posts",
    description: "What the site's command palette loads: one small file to filter as you type.",
    notes: ["posts"],
    build: (model) => build.searchIndex(model),
  },
  {
    id: "getProfile",
    path: paths.profile,
    group: "profile",
    body: "envelope",
    schema: Profile,
    summary: "Who the owner is and how to reach them",
    description: "Profile, links, contact and the OpenPGP key with its fingerprint computed at build time.",
    build: (model) => build.profileResource(model),
  },
  {
    id: "getNow",
    path: paths.now,
    group: "profile",
    body: "envelope",
    schema: Now,
    summary: "What the owner is doing now",
    description: "The /now list, whether it is stale (60 days without update), the latest post and recent pushes.",
    notes: ["repositories", "posts"],
    build: (model) => build.nowResource(model),
  },
  {
    id: "getResume",
    path: paths.resume,
    group: "profile",
    body: "raw",
    // Loose on purpose: the official JSON Resume schema (draft-07) is the contract, checked after
    // every build (src/checks/check-resume.ts); a copy here would drift from it.
    schema: Type.Object(
      { basics: Type.Object({ name: Type.String() }, { additionalProperties: true }) },
      {
        additionalProperties: true,
        description: `A JSON Resume document, valid against the official schema ${JSON_RESUME_SCHEMA_URL}`,
      },
    ),
    summary: "The owner's résumé in the JSON Resume format",
    description: `For JSON Resume tools and themes, no envelope; valid against ${JSON_RESUME_SCHEMA_URL}. Derived from the profile, projects, awards and posts, with work history and education from the optional content/resume.yaml.`,
    build: (model) => resumeDocument(model),
  },
  {
    id: "getPgpKey",
    path: paths.pgpKey,
    group: "profile",
    mediaType: "application/pgp-keys",
    body: "raw",
    schema: Type.String({
      pattern: "^-----BEGIN PGP PUBLIC KEY BLOCK-----",
      description: "ASCII-armored OpenPGP public key",
    }),
    summary: "The owner's OpenPGP public key",
    description: "ASCII-armored public key; its fingerprint is in profile.json.",
    available: (model) => model.pgp !== null,
    build: (model) => model.pgp?.armored ?? "",
  },
  {
    id: "listProjects",
    path: paths.projects,
    group: "projects",
    body: "list",
    schema: Type.Array(ProjectSummary),
    summary: "All projects",
    description: "Every project in summary form, by name.",
    notes: ["repositories"],
    build: (model) => model.projects.map((p) => build.projectSummary(model, p)),
  },
  {
    id: "getProject",
    path: paths.project,
    group: "projects",
    body: "envelope",
    schema: ProjectDetail,
    summary: "One project with its writeup",
    description: "A project in full: writeup as HTML and text, install command, related projects.",
    param: {
      name: "name",
      description: "Project name, case-sensitive, as listed in projects.json",
      values: (model) => model.projects.map((p) => p.name),
    },
    notes: ["repositories"],
    build: (model, params) => build.projectDetail(model, itemOf(model.projectByName, params.name, "project")),
  },
  {
    id: "listFeatured",
    path: paths.featured,
    group: "projects",
    body: "list",
    schema: Type.Array(ProjectSummary),
    summary: "Featured projects",
    description: "The projects the owner features, by name.",
    notes: ["repositories"],
    build: (model) => model.featured.map((p) => build.projectSummary(model, p)),
  },
  {
    id: "listAwards",
    path: paths.awards,
    group: "projects",
    body: "list",
    schema: Type.Array(AwardEntry),
    summary: "Awards won by projects",
    description: "Gold first, then silver, then bronze; by event within a medal.",
    build: (model) => build.awardList(model),
  },
  {
    id: "listInProgress",
    path: paths.inProgress,
    group: "projects",
    body: "list",
    schema: Type.Array(InProgressItem),
    summary: "Projects in progress",
    description: "Names reserved for projects whose code is not yet published.",
    build: (model) => build.inProgressList(model),
  },
  {
    id: "listClusters",
    path: paths.clusters,
    group: "domains",
    body: "list",
    schema: Type.Array(Cluster),
    summary: "All domains",
    description: "The domains (clusters) that group the projects, with project names.",
    build: (model) => build.clusterList(model),
  },
  {
    id: "getCluster",
    path: paths.cluster,
    group: "domains",
    body: "envelope",
    schema: ClusterDetail,
    summary: "One domain with its projects",
    description: "A domain with its projects in summary form.",
    param: {
      name: "id",
      description: "Domain id, as listed in clusters.json",
      values: (model) => model.domains.map((d) => d.id),
    },
    notes: ["repositories"],
    build: (model, params) => build.clusterDetail(model, itemOf(model.domainById, params.id, "domain")),
  },
  {
    id: "listLanguages",
    path: paths.languages,
    group: "domains",
    body: "list",
    schema: Type.Array(Language),
    summary: "Languages and the projects using them",
    description: "Most used first, then by name.",
    build: (model) => build.languageList(model),
  },
  {
    id: "listTags",
    path: paths.tags,
    group: "domains",
    body: "list",
    schema: Type.Array(Tag),
    summary: "Tags and the projects carrying them",
    description: "Most used first, then by name.",
    build: (model) => build.tagList(model),
  },
  {
    id: "listPulls",
    path: paths.pulls,
    group: "activity",
    body: "list",
    schema: Type.Array(Pull),
    summary: "Pull requests to other people's projects",
    description:
      "Merged ones first, then newest first; ties by repository and number. States are as of the last build.",
    notes: ["pulls"],
    source: (model) => `https://github.com/${model.config.site.github}`,
    build: (model) => build.pullList(model),
  },
  {
    id: "listPosts",
    path: paths.posts,
    group: "activity",
    body: "list",
    schema: Type.Array(Post),
    summary: "Blog posts, newest first",
    description:
      "From the blog built with the site, else read from its RSS feed at build time. When the feed is a URL whose server fails, the posts last read from it are shown, with `meta.note`.",
    notes: ["posts"],
    source: (model) => (model.config.site.blog.feed?.startsWith("http") ? model.config.site.blog.feed : undefined),
    build: (model) => build.postList(model),
  },
  {
    id: "getStats",
    path: paths.stats,
    group: "activity",
    body: "envelope",
    schema: Stats,
    summary: "Aggregate numbers",
    description: "Counts, stars and pull-request figures, all derived from the other files of the same build.",
    notes: ["repositories", "pulls", "posts"],
    build: (model) => build.statsResource(model),
  },
  badgeRoute(paths.badge, portfolioBadges, "Badge-service endpoint shape (schemaVersion 1), no envelope."),
  {
    id: "getCardText",
    path: paths.cardText,
    group: "cards",
    mediaType: "text/plain",
    body: "raw",
    schema: Type.String({ minLength: 1, description: "Boxed plain-text business card" }),
    summary: "Business card as plain text",
    description:
      "For `curl`: site, blog, code host, API and contact, IRC and chat, PGP fingerprint, counts and availability.",
    build: (model) => cardText(model),
  },
  {
    id: "getCardAnsi",
    path: paths.cardAnsi,
    group: "cards",
    mediaType: "application/octet-stream",
    body: "raw",
    schema: Type.String({ minLength: 1, description: "The same card with 24-bit ANSI colour escapes" }),
    summary: "Business card in 24-bit ANSI colour",
    description: "The same card with colour escapes: `curl -s URL` in a terminal that supports true colour.",
    build: (model) => cardAnsi(model),
  },
];

/** The portfolio API: served from the site's base URL, version 1.0.0. */
export const portfolioApi: ApiDefinition<PortfolioModel> = {
  title: "Portfolio API",
  version: "1.0.0",
  root: "",
  routes,
  groups: {
    meta: "The index, this description and the search index",
    profile: "Who the owner is, what they do now, their public key",
    projects: "Projects, featured projects, awards and names in progress",
    domains: "Domains (clusters), languages and tags",
    activity: "Pull requests to other projects, blog posts and the figures derived from everything",
    badges: "Badges in the badge-service endpoint shape",
    cards: "The business card for terminals",
  },
  components: portfolioComponents,
  // The Profile names the links and contact methods this owner gives, no more and no fewer.
  specialize: (model) => ({ Profile: profileSchema(build.profileShape(model)) }),
  context: (model) => ({
    name: model.config.site.api.name,
    description: model.config.site.api.description,
    docs: publishedUrl(model.config, sitePaths(model.config).apiDocs),
    config: model.config,
    notes: model.notes,
  }),
};
