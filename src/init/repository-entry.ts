import { DATE_RANGE, entryInstant, entryText, isPublishableUrl } from "../github/entry-check.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";
import type { OwnedRepository } from "./list-repositories.ts";

/** A topic that can be a tag and a domain id: GitHub's own rule, lowercase words and single hyphens, at most 50. */
export function isTag(topic: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(topic) && topic.length <= 50;
}

/** A name or value from GitHub as a line of init shows it: quoted, at most 120 characters, escaped. */
export function shown(value: string): string {
  return escapeControlCharacters(JSON.stringify(value.length > 120 ? `${value.slice(0, 119)}…` : value));
}

/**
 * One listed repository's values through the GitHub entry check (src/github/entry-check.ts),
 * before init writes any: what is left out or changed is a line each, for init to print.
 */
export function checkRepositoryValues(repository: OwnedRepository): { repository: OwnedRepository; lines: string[] } {
  const name = shown(repository.name);
  const lines: string[] = [];
  const cleaned: string[] = [];
  const text = (value: string, what: string): string => {
    const clean = entryText(value);
    if (clean !== value && !cleaned.includes(what)) cleaned.push(what);
    return clean;
  };

  const description = repository.description === null ? null : text(repository.description, "description");
  const languages = repository.languages.map((language) => ({ ...language, name: text(language.name, "languages") }));
  const readme = repository.readme === null ? null : text(repository.readme, "README");

  let homepageUrl = repository.homepageUrl?.trim() || null;
  if (homepageUrl !== null && !isPublishableUrl(homepageUrl)) {
    lines.push(`left out the homepage of ${name} (${shown(homepageUrl)}): not an http(s) URL the site can publish`);
    homepageUrl = null;
  }
  const pushedAt = repository.pushedAt === null ? null : entryInstant(repository.pushedAt);
  if (repository.pushedAt !== null && pushedAt === null)
    lines.push(`left out the last push of ${name} (${repository.pushedAt}): a date outside ${DATE_RANGE}`);
  if (cleaned.length > 0)
    lines.push(`removed control or invisible characters from the ${cleaned.join(", ")} of ${name}`);
  const notTags = repository.topics.filter((topic) => !isTag(topic)).map(shown);
  if (notTags.length > 0)
    lines.push(`left out topics of ${name} that are not tags (lowercase words with hyphens): ${notTags.join(", ")}`);

  return {
    repository: {
      ...repository,
      description,
      homepageUrl,
      pushedAt,
      languages,
      topics: repository.topics.filter(isTag),
      readme,
    },
    lines,
  };
}
