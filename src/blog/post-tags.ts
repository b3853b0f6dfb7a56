import type { ContentProblem } from "../content/content-error.ts";
import { slugOf } from "../content/name-spellings.ts";

/** A tag as a post carries it: the name as written and the slug its URLs use. */
export interface PostTag {
  name: string;
  slug: string;
}

/** The tags of one post as its model carries them: one per slug, in the order written. */
export function postTags(names: readonly string[], where: string, problems: ContentProblem[]): PostTag[] {
  const tags: PostTag[] = [];
  const expected = "a tag with letters or digits (it becomes part of a URL)";
  names.forEach((name, index) => {
    const slug = slugOf(name);
    if (!slug) problems.push({ file: where, field: `tags[${index}]`, expected, actual: name });
    else if (!tags.some((tag) => tag.slug === slug)) tags.push({ name, slug });
  });
  return tags;
}
