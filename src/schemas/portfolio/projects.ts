import { Type, type Static } from "@sinclair/typebox";
import { Count, DateTimeString, Link, Nullable, ProjectName, Uri, UriString } from "../common.ts";

export const Award = Type.Object(
  {
    place: Type.String({ description: "Place won", examples: ["1st place"] }),
    medal: Type.Union([Type.Literal("gold"), Type.Literal("silver"), Type.Literal("bronze")], {
      description: "Medal colour",
    }),
    event: Type.String({ description: "Event (hackathon, competition) where it was won" }),
    track: Nullable(Type.String(), "Track or category within the event, or null"),
    url: Nullable(UriString(), "Page announcing the result, or null"),
  },
  { description: "An award a project won." },
);
export type Award = Static<typeof Award>;

export const AwardEntry = Type.Object(
  {
    ...Award.properties,
    project: ProjectName("Name of the project that won it"),
    project_url: Uri("Page of that project on this site"),
  },
  { description: "An award with the project that won it." },
);
export type AwardEntry = Static<typeof AwardEntry>;

export const ClusterRef = Type.Object(
  {
    id: Type.String({ description: "Domain id, as used in `/api/v1/clusters/{id}.json`" }),
    title: Type.String({ description: "Domain title" }),
  },
  { description: "Reference to a domain (cluster)." },
);

export const ProjectUrls = Type.Object(
  {
    page: Uri("The project's page on this site"),
    repo: Uri("The source repository"),
    demo: Nullable(UriString(), "A live demo, or null"),
    docs: Nullable(UriString(), "Documentation, or null"),
    og_image: Uri("Social preview image (1200×630 PNG)"),
    api: Uri("This project as JSON (ProjectDetail)"),
  },
  { description: "Where to find the project." },
);

export const ProjectSummary = Type.Object(
  {
    name: ProjectName("Repository name and the id used in URLs; case-sensitive", ["tidewatch"]),
    tagline: Type.String({ description: "One line on what it is" }),
    cluster: ClusterRef,
    languages: Type.Array(Type.String(), { description: "Programming languages, main one first" }),
    tags: Type.Array(Type.String(), { description: "Topic tags" }),
    featured: Type.Boolean({ description: "Whether the owner features it" }),
    stars: Count("Stars on the code host, as of the last build"),
    pushed_at: Nullable(
      Type.String({ format: "date-time" }),
      "Last push to the repository, or null when it was never pushed",
    ),
    award: Nullable(Award, "Award won, or null"),
    urls: ProjectUrls,
    links: Type.Array(Link, { description: "Further links (talks, papers, posts)" }),
  },
  { description: "A project as it appears in lists." },
);
export type ProjectSummary = Static<typeof ProjectSummary>;

export const Writeup = Type.Object(
  {
    html: Type.String({ description: "The writeup as HTML; headings carry ids" }),
    text: Type.String({ description: "The same writeup as plain text" }),
  },
  { description: "A project's full writeup." },
);

export const ProjectDetail = Type.Object(
  {
    ...ProjectSummary.properties,
    install: Nullable(Type.String(), "Install command; only for packages published on the Python package index"),
    writeup: Nullable(Writeup, "Full writeup, or null when there is none"),
    related: Type.Array(ProjectName(), {
      description: "Names of the other projects in the same domain, most shared tags first",
    }),
  },
  { description: "A project with its writeup." },
);
export type ProjectDetail = Static<typeof ProjectDetail>;

const ClusterUrls = Type.Object(
  { page: Uri("The domain's page on this site"), api: Uri("This domain as JSON (ClusterDetail)") },
  { description: "Where to find the domain." },
);
const clusterFields = {
  id: Type.String({ description: "Domain id", examples: ["systems"] }),
  emoji: Type.String({ description: "Emoji shown with the title" }),
  title: Type.String({ description: "Domain title" }),
  blurb: Type.String({ description: "One sentence on the domain" }),
  count: Count("Number of projects in the domain"),
};

export const Cluster = Type.Object(
  {
    ...clusterFields,
    projects: Type.Array(ProjectName(), { description: "Names of its projects" }),
    urls: ClusterUrls,
  },
  { description: "A domain (cluster) of projects." },
);
export type Cluster = Static<typeof Cluster>;

export const ClusterDetail = Type.Object(
  {
    ...clusterFields,
    projects: Type.Array(ProjectSummary, { description: "Its projects in full summary form" }),
    urls: ClusterUrls,
  },
  { description: "A domain with its projects." },
);
export type ClusterDetail = Static<typeof ClusterDetail>;

export const Language = Type.Object(
  {
    name: Type.String({ description: "Language name" }),
    color: Nullable(Type.String({ pattern: "^#[0-9a-f]{6}$" }), "Display colour as #rrggbb, or null"),
    count: Count("Number of projects using it"),
    projects: Type.Array(ProjectName(), { description: "Names of those projects" }),
  },
  { description: "A programming language and the projects using it." },
);
export type Language = Static<typeof Language>;

export const Tag = Type.Object(
  {
    tag: Type.String({ description: "The tag" }),
    count: Count("Number of projects carrying it"),
    projects: Type.Array(ProjectName(), { description: "Names of those projects" }),
  },
  { description: "A tag and the projects carrying it." },
);
export type Tag = Static<typeof Tag>;

export const InProgressItem = Type.Object(
  {
    name: ProjectName("Name reserved for a project whose code is not yet published"),
    hint: Type.String({ description: "A hint of what it will be" }),
  },
  { description: "A project in progress." },
);
export type InProgressItem = Static<typeof InProgressItem>;

export const RecentPush = Type.Object(
  {
    project: ProjectName("Project name"),
    pushed_at: DateTimeString("When it was pushed"),
    url: Uri("The repository"),
  },
  { description: "A recent push to a project's repository." },
);
