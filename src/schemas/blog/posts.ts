import { Type, type Static } from "@sinclair/typebox";
import { Count, DateTimeString, Nullable, Uri, UriString } from "../common.ts";

export const TagRef = Type.Object(
  {
    name: Type.String({ description: "Tag as written" }),
    slug: Type.String({ description: "Tag id used in URLs" }),
    url: Uri("The tag's page on the blog"),
    api_url: Uri("The tag as JSON"),
  },
  { description: "A tag of a post." },
);

export const Cover = Type.Object(
  {
    url: Uri("The image"),
    width: Type.Integer({ minimum: 1, description: "Width in pixels, read from the file" }),
    height: Type.Integer({ minimum: 1, description: "Height in pixels, read from the file" }),
    alt: Type.String({ description: "Alternative text" }),
  },
  {
    description:
      "A post's cover image: the one the author chose, else the post's first image, else the site's social image (1200×630). Every post has one.",
  },
);

export const PostRef = Type.Object(
  {
    slug: Type.String({ description: "The post's slug" }),
    title: Type.String({ description: "Title (plain text)" }),
    url: Uri("The post on the blog"),
    api_url: Uri("The full post as JSON"),
    published: DateTimeString("Publication time"),
  },
  { description: "A short reference to a post." },
);
export type PostRef = Static<typeof PostRef>;

const summaryFields = {
  slug: Type.String({ description: "Id of the post in URLs", examples: ["booting-kestrel-on-risc-v"] }),
  title: Type.String({ description: "Title (plain text)" }),
  description: Type.String({ description: "One-paragraph description written by the author" }),
  summary: Type.String({ description: "Opening of the post as plain text" }),
  url: Uri("The post on the blog (always the original)"),
  api_url: Uri("The full post as JSON"),
  published: DateTimeString("Publication time, with the blog's time-zone offset"),
  updated: DateTimeString("Last change: the last commit that touched the post's file, never before `published`"),
  tags: Type.Array(TagRef, { description: "Tags, as the author ordered them" }),
  reading_time_minutes: Type.Integer({ minimum: 1, description: "Reading time at 220 words a minute" }),
  word_count: Count("Words of prose (code blocks not counted)"),
  cover: Cover,
};

export const PostSummary = Type.Object(summaryFields, { description: "A post as the blog's lists carry it." });
export type PostSummary = Static<typeof PostSummary>;

export const Heading = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: 6, description: "Heading level (2 = ##)" }),
    id: Type.String({ description: "Its id in `content_html` and on the page" }),
    title: Type.String({ description: "Heading text" }),
    url: Uri("Straight to the heading"),
  },
  { description: "A heading of a post." },
);

export const PostLinkEntry = Type.Object(
  {
    url: UriString("web-or-mail", { description: "Where it leads (absolute)" }),
    text: Type.String({ description: "Link text" }),
  },
  { description: "A link in a post." },
);

export const PostImage = Type.Object(
  {
    ...Cover.properties,
    cover: Type.Boolean({ description: "Whether this is the post's cover image" }),
  },
  { description: "An image of a post." },
);

export const LicenseTerms = Type.Object(
  {
    id: Type.String({ description: "SPDX identifier", examples: ["CC-BY-4.0", "MIT"] }),
    name: Type.String({ description: "Full name" }),
    url: Uri("The licence text"),
  },
  { description: "A licence." },
);

export const PostLicense = Type.Object(
  {
    writing: LicenseTerms,
    code: LicenseTerms,
    attribution: Type.String({
      description: "Credit line to use when reusing the writing (CC BY requires credit and a link)",
    }),
  },
  { description: "Writing under CC BY 4.0, code in posts under MIT." },
);

export const PostSource = Type.Object(
  {
    markdown: Uri("The Markdown file on the code host"),
    raw: Uri("The raw Markdown file"),
    history: Uri("The file's commit history"),
  },
  { description: "Where the post's source lives." },
);

/** How many related posts a full post lists at most. */
export const RELATED_POSTS = 3;
/** How many of each of its tags' newest posts a post's related posts are picked from: bounds the work. */
export const RELATED_CANDIDATES = 100;

export const FullPost = Type.Object(
  {
    ...summaryFields,
    content_html: Type.String({
      description: "Rendered post; every link and image URL is absolute, headings carry ids",
    }),
    content_text: Type.String({ description: "The same post as plain text" }),
    headings: Type.Array(Heading, { description: "Headings in order" }),
    code: Type.Object(
      {
        count: Count("Number of code blocks"),
        languages: Type.Array(Type.String(), {
          description:
            "Languages of the code blocks, in order of first use (blocks without one are counted but not listed)",
        }),
      },
      { description: "Code blocks." },
    ),
    links: Type.Object(
      {
        internal: Type.Array(PostLinkEntry, { description: "Links to this site" }),
        external: Type.Array(PostLinkEntry, { description: "Links elsewhere" }),
      },
      { description: "Every link in the post." },
    ),
    images: Type.Array(PostImage, { description: "Every image, the cover first" }),
    older: Nullable(PostRef, "The next older post, or null"),
    newer: Nullable(PostRef, "The next newer post, or null"),
    related: Type.Array(PostRef, {
      maxItems: RELATED_POSTS,
      description: `Up to ${RELATED_POSTS} other posts that share a tag with this one, picked among each shared tag's ${RELATED_CANDIDATES} newest posts: the most tags in common first, then the newest. Empty when none does`,
    }),
    license: PostLicense,
    source: PostSource,
  },
  { description: "A post in full." },
);
export type FullPost = Static<typeof FullPost>;
