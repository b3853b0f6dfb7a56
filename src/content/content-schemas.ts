import { Type, type Static, type TProperties } from "@sinclair/typebox";
import { RAW_HTML_MODES } from "../markdown/raw-html.ts";
import { REPOSITORY_NAME_PATTERN } from "../schemas/common.ts";
import { MAX_DOMAINS, MAX_PROFILE_LINKS, MAX_TAGS } from "./content-limits.ts";
import { expectedUrl, WEB_OR_MAIL_URL_PATTERN, WEB_URL_PATTERN } from "../util/safe-url.ts";

/**
 * Shapes of the files a site owner writes in `content/`; `expected` annotations are the words an
 * error shows. Strict: a misspelt key would otherwise be a silent bug.
 */

/** An object of exactly these fields. */
export const Strict = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

// `url` (a use of src/util/safe-url.ts) makes checkShape apply isSafeAbsoluteUrl to the value:
// the pattern alone lets `https://user@host`, spaces and the like through.
export const Url = Type.String({ format: "uri", pattern: WEB_URL_PATTERN, url: "web", expected: expectedUrl("web") });
/** Where a contact address is meant (a form, a security contact): `mailto:` is allowed too. */
export const ContactUrl = Type.String({
  format: "uri",
  pattern: WEB_OR_MAIL_URL_PATTERN,
  url: "web-or-mail",
  expected: expectedUrl("web-or-mail"),
});
export const Text = Type.String({ minLength: 1, expected: "a non-empty string" });
// Years 1970-9999: every date is also an instant of the build clock and of the APIs.
const IsoDate = Type.String({
  format: "date",
  pattern: "^(19[7-9][0-9]|[2-9][0-9]{3})-",
  expected: "a date as YYYY-MM-DD, from 1970 on",
});

// The API's rule for a project's name (schemas/common.ts says why no leading `.`).
const ProjectName = Type.String({
  pattern: REPOSITORY_NAME_PATTERN,
  expected:
    "a repository name of 1-100 letters, digits, `.`, `_` or `-`, not starting with `.` (hosts drop dot-folders)",
});
// A domain id names a file of the API (`{id}`), so it is bounded like a project name.
const DomainId = Type.String({
  pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$",
  maxLength: 100,
  expected: "an id of at most 100 lowercase letters, digits and single hyphens",
});
// GitHub's rule for logins: at most 39 characters.
const Login = Type.String({
  pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$",
  maxLength: 39,
  expected: "a GitHub user or organisation name (at most 39 letters, digits or hyphens)",
});

/** What `leave_out` may name: the full-text search index, llms.txt and llms-full.txt, the Atom feeds. */
export const LEAVE_OUT = ["search", "llms_txt", "atom"] as const;

export const SiteFile = Strict({
  url: Url,
  title: Text,
  description: Text,
  timezone: Type.String({ minLength: 1, expected: "an IANA time zone such as Europe/Berlin or UTC" }),
  github: Login,
  api: Strict({ name: Text, description: Text }),
  blog: Strict({
    url: Type.String({ minLength: 1, expected: "an absolute URL, or a path such as /blog/" }),
    feed: Type.Optional(Type.String({ minLength: 1, expected: "a path under content/, or an absolute URL" })),
  }),
  // Crawlers by user-agent token that robots.txt asks to stay away (AI crawlers, say); default none.
  crawlers: Type.Optional(
    Strict({
      disallow: Type.Array(
        Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$", expected: "a user-agent token such as GPTBot" }),
        { maxItems: 100 },
      ),
    }),
  ),
  // Parts of the site an owner does not publish (docs/content-format.md); default none.
  leave_out: Type.Optional(
    Type.Array(
      Type.Union(
        LEAVE_OUT.map((part) => Type.Literal(part)),
        { expected: `one of ${LEAVE_OUT.join(", ")}` },
      ),
      { maxItems: LEAVE_OUT.length },
    ),
  ),
  // What raw HTML in Markdown becomes (src/markdown/raw-html.ts, which lists the modes); default escape.
  markdown: Type.Optional(
    Strict({
      raw_html: Type.Optional(
        Type.Union(
          RAW_HTML_MODES.map((mode) => Type.Literal(mode)),
          { expected: `one of ${RAW_HTML_MODES.join(", ")}` },
        ),
      ),
    }),
  ),
});
export type SiteFile = Static<typeof SiteFile>;

// A link's name is a key of the API's `links` and a word on the card: short and plain. The
// site's own links (`site`, `blog`, `api`) are the build's to write.
const LINK_NAME_PATTERN = "^(?!(?:site|blog|api)$)[a-z][a-z0-9-]{0,31}$";
const ProfileLinks = Type.Unsafe<Record<string, string>>({
  type: "object",
  propertyNames: {
    pattern: LINK_NAME_PATTERN,
    expected:
      "a link name of at most 32 lowercase letters, digits and hyphens, starting with a letter; not site, blog or api (the build writes those)",
  },
  patternProperties: { [LINK_NAME_PATTERN]: Url },
  maxProperties: MAX_PROFILE_LINKS,
});

export const ProfileFile = Strict({
  name: Text,
  handle: Text,
  headline: Text,
  summary: Text,
  focus: Text,
  certifications: Type.Array(Text),
  open_to_work: Strict({ open: Type.Boolean(), text: Type.Union([Text, Type.Null()]) }),
  // Optional: a photo in the content folder, read as a post's cover is (src/blog/post-images.ts).
  photo: Type.Optional(Strict({ src: Text, alt: Text })),
  // Name → URL of the owner's profiles elsewhere (github, mastodon, itch, anything).
  links: ProfileLinks,
  // Every way of getting in touch is optional: only those given are shown and published.
  contact: Strict({
    form: Type.Optional(ContactUrl),
    discord: Type.Optional(Text),
    irc: Type.Optional(Strict({ network: Text, nick: Text, how: Text, web_client: Url })),
  }),
  // Optional: where to report a security problem; published as /.well-known/security.txt (RFC 9116).
  security: Type.Optional(
    Strict({
      contact: Type.Array(ContactUrl, {
        minItems: 1,
        expected: "a list of one or more contacts (mailto: or http(s) URLs)",
      }),
      policy: Type.Optional(Url),
      preferred_languages: Type.Optional(
        Type.Array(
          Type.String({
            pattern: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
            expected: "a language tag such as en or de-CH",
            languageTag: true,
          }),
          { minItems: 1 },
        ),
      ),
    }),
  ),
});
export type ProfileFile = Static<typeof ProfileFile>;

export const DomainEntry = Strict({ id: DomainId, emoji: Text, title: Text, blurb: Text });
export const DomainsFile = Type.Array(DomainEntry, {
  minItems: 1,
  maxItems: MAX_DOMAINS,
  expected: "a list of domains",
});
export type DomainEntry = Static<typeof DomainEntry>;

export const AwardEntry = Strict({
  place: Text,
  medal: Type.Union([Type.Literal("gold"), Type.Literal("silver"), Type.Literal("bronze")], {
    expected: "one of gold, silver, bronze",
  }),
  event: Text,
  track: Type.Optional(Text),
  url: Type.Optional(Url),
});

export const ProjectFrontMatter = Strict({
  name: ProjectName,
  owner: Type.Optional(Login),
  tagline: Text,
  cluster: DomainId,
  languages: Type.Array(Text, { minItems: 1, expected: "a list of at least one language" }),
  tags: Type.Optional(Type.Array(Text, { maxItems: MAX_TAGS })),
  featured: Type.Optional(Type.Boolean()),
  pypi: Type.Optional(
    Type.String({
      pattern: "^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$",
      expected: "a package name on the Python package index",
    }),
  ),
  demo: Type.Optional(Url),
  docs: Type.Optional(Url),
  award: Type.Optional(AwardEntry),
  links: Type.Optional(Type.Array(Strict({ label: Text, url: Url }))),
});
export type ProjectFrontMatter = Static<typeof ProjectFrontMatter>;

export const NowFile = Strict({
  updated: IsoDate,
  sections: Type.Array(Strict({ title: Text, items: Type.Array(Text) })),
});
export type NowFile = Static<typeof NowFile>;

export const InProgressFile = Type.Array(Strict({ name: ProjectName, hint: Text }));
export type InProgressFile = Static<typeof InProgressFile>;

// JSON Resume's partial dates (YYYY, YYYY-MM, YYYY-MM-DD), within its own years 1000-2999
// and this site's 1970 on. A bare year must be quoted: YAML reads `2019` as a number. `date`
// makes checkShape hold it to the content's date rule: the pattern lets 2025-02-30 through.
const ResumeDate = Type.String({
  date: "partial date",
  pattern: "^(19[7-9][0-9]|2[0-9]{3})(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$",
  expected: 'a date as "YYYY" (quoted), YYYY-MM or YYYY-MM-DD, from 1970 on',
});

/** resume.yaml (optional): what a JSON Resume holds that no other content file says. */
export const ResumeFile = Strict({
  work: Type.Optional(
    Type.Array(
      Strict({
        name: Text,
        position: Text,
        url: Type.Optional(Url),
        location: Type.Optional(Text),
        start: ResumeDate,
        end: Type.Optional(ResumeDate),
        summary: Type.Optional(Text),
        highlights: Type.Optional(Type.Array(Text)),
      }),
    ),
  ),
  education: Type.Optional(
    Type.Array(
      Strict({
        institution: Text,
        area: Type.Optional(Text),
        study_type: Type.Optional(Text),
        url: Type.Optional(Url),
        start: Type.Optional(ResumeDate),
        end: Type.Optional(ResumeDate),
        courses: Type.Optional(Type.Array(Text)),
      }),
    ),
  ),
  languages: Type.Optional(Type.Array(Strict({ language: Text, fluency: Type.Optional(Text) }))),
});
export type ResumeFile = Static<typeof ResumeFile>;

export const LanguagesFile = Type.Record(
  Type.String(),
  Type.String({ pattern: "^#[0-9a-fA-F]{6}$", expected: "a colour as #rrggbb" }),
);
export type LanguagesFile = Static<typeof LanguagesFile>;
