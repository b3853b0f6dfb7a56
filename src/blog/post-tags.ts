import type { ContentProblem } from "../content/content-error.ts";
import { MAX_TAG_SLUG } from "../content/content-limits.ts";
import { slugOf } from "../content/name-spellings.ts";

/** A tag as a post carries it: the name as written and the slug its URLs use. */
export interface PostTag {
  name: string;
  slug: string;
}

/** The tags of one post as its model carries them: one per slug, in the order written. */
export function postTags(names: readonly string[], where: string, problems: ContentProblem[]): PostTag[] {
  const tags: PostTag[] = [];
  names.forEach((name, index) => {
    const slug = slugOf(name);
    // A tag's slug names its folder, as a post's does (a file system takes 255 bytes a name).
    const refused = !slug
      ? "a tag with letters or digits its URL can spell in Latin ones (Cyrillic, Greek and Arabic can be; Chinese, Japanese, Korean, Hebrew, Devanagari and Thai not)"
      : slug.length > MAX_TAG_SLUG
        ? `a tag whose URL name has at most ${MAX_TAG_SLUG} characters (this one's has ${slug.length.toLocaleString("en")})`
        : null;
    if (refused) problems.push({ file: where, field: `tags[${index}]`, expected: refused, actual: name });
    else if (!tags.some((tag) => tag.slug === slug)) tags.push({ name, slug });
  });
  return tags;
}
