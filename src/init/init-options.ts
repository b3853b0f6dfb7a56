import { parseArgs } from "node:util";
import { ianaZone } from "../config/site-config.ts";
import { isPublishableUrl } from "../github/entry-check.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";

/** The items of a comma-separated list (a flag's value or an answer), trimmed, empty ones left out. */
export const list = (text: string | undefined): string[] | undefined =>
  text
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** init's flags: how parseArgs reads each, and what `--help` says of it. */
export const FLAGS = {
  github: { type: "string", value: "LOGIN", says: "your GitHub login: name, projects and pull requests from it" },
  name: {
    type: "string",
    value: "NAME",
    says: "your name as the site shows it (with --yes: GitHub's, else the login)",
  },
  "site-url": { type: "string", value: "URL", says: "where the site will live, e.g. https://you.github.io" },
  timezone: { type: "string", value: "ZONE", says: "the IANA zone posts are dated in, e.g. Europe/Berlin" },
  blog: { type: "boolean", says: "keep the blog (the default)" },
  "no-blog": { type: "boolean", says: "leave the blog out" },
  repos: { type: "string", value: "A,B", says: "the repositories to make projects of" },
  "min-stars": { type: "string", value: "N", says: "every repository with at least N stars" },
  featured: { type: "string", value: "A,B", says: "the projects to feature (default: the three most starred)" },
  yes: { type: "boolean", short: "y", says: "ask nothing: take every default" },
  force: { type: "boolean", says: "replace content that is not the sample's (it is kept beside)" },
  "no-build": { type: "boolean", says: "skip the closing build" },
  output: { type: "string", value: "DIR", says: "where the closing build writes (default _site)" },
  help: { type: "boolean", short: "h", says: "print this help" },
} as const satisfies Record<string, { type: "string" | "boolean"; short?: string; value?: string; says: string }>;

/** What `npm run init -- --help` prints: every flag, from FLAGS. */
export function initHelp(): string {
  const rows = Object.entries(FLAGS).map(([name, flag]) => {
    const short = "short" in flag ? `-${flag.short}, ` : "    ";
    return [`  ${short}--${name}${"value" in flag ? ` ${flag.value}` : ""}`, flag.says];
  });
  const width = Math.max(...rows.map(([left]) => left?.length ?? 0)) + 2;
  return [
    "Usage: npm run init [-- flags]",
    "",
    "Makes the sample content your own (docs/init.md). Every question is also a flag;",
    "what no flag gives is asked in a terminal, or taken by default with --yes.",
    "",
    ...rows.map(([left, says]) => `${(left ?? "").padEnd(width)}${says}`),
  ].join("\n");
}

/** Reads the flags; a flag init does not know is an error naming it (parseArgs is strict). */
export function parseInitArgs(argv: string[]) {
  // parseArgs reads `type` and `short`, and lets the help's own fields be.
  const { values } = parseArgs({ args: argv, strict: true, options: FLAGS });
  const minStars = values["min-stars"];
  if (minStars !== undefined && !/^\d{1,9}$/.test(minStars))
    throw new Error(`--min-stars expects a whole number, not ${JSON.stringify(minStars)}`);
  return {
    help: values.help === true,
    yes: values.yes === true,
    force: values.force === true,
    build: values["no-build"] !== true,
    output: values.output,
    name: values.name,
    github: values.github,
    siteUrl: values["site-url"],
    timezone: values.timezone,
    blog: values["no-blog"] ? false : values.blog,
    repos: list(values.repos),
    minStars: minStars === undefined ? undefined : Number(minStars),
    featured: list(values.featured),
  };
}

/** Everything init can be told on its command line (FLAGS says what each flag does); what is missing is asked. */
export type InitOptions = ReturnType<typeof parseInitArgs>;

/** Why an answer cannot be used, or null: each answer is checked here, where it enters. */
export const answerProblem = {
  name(value: string): string | null {
    if (value.trim() === "") return "a name is needed";
    // What a message shows escaped has no place in a name printed on every page.
    return escapeControlCharacters(value) !== value ? "a name without control characters or bidi controls" : null;
  },
  github(value: string): string | null {
    return /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(value) && value.length <= 39
      ? null
      : "a GitHub login: at most 39 letters, digits or hyphens";
  },
  siteUrl(value: string): string | null {
    // The rule of every published URL: the site's own is in every file.
    return isPublishableUrl(value) ? null : "an absolute http(s) URL such as https://you.example";
  },
  timezone(value: string): string | null {
    return ianaZone(value) ? null : "an IANA time zone such as Europe/Berlin or UTC";
  },
};
