import slugify from "@sindresorhus/slugify";
import type { ContentProblem } from "../content/content-error.ts";

/** A tag as a post carries it: the name as written and the slug its URLs use. */
export interface PostTag {
  name: string;
  slug: string;
}

// A few dozen tags spread over thousands of posts: each name is slugified once per process.
const tagSlugs = new Map<string, string>();

/** The URL slug of a tag name; empty when the name has no letters or digits. */
export function tagSlugOf(name: string): string {
  let slug = tagSlugs.get(name);
  if (slug === undefined) {
    slug = slugify(name);
    tagSlugs.set(name, slug);
  }
  return slug;
}

/** The tags of one post as its model carries them: one per slug, in the order written. */
export function postTags(names: readonly string[], where: string, problems: ContentProblem[]): PostTag[] {
  const tags: PostTag[] = [];
  names.forEach((name, index) => {
    const slug = tagSlugOf(name);
    if (!slug) problems.push({ file: where, field: `tags[${index}]`, expected: "a tag with letters or digits (it becomes part of a URL)", actual: name });
    else if (!tags.some((tag) => tag.slug === slug)) tags.push({ name, slug });
  });
  return tags;
}

interface Spelling {
  files: string[];
  /** Where the spelling first appears in its first file. */
  field: string;
}

/**
 * Two spellings of one tag (`ZIG` and `zig`, or `C++` and `C`, which share a slug and so one
 * page and one file) are an error naming both and the posts that use each, rather than merged
 * under whichever spelling the newest post happens to use: which one is meant is the owner's call.
 * Every post counts, drafts and scheduled ones too, so publishing one never brings a clash.
 */
export function tagSpellingProblems(posts: readonly { where: string; names: readonly string[] }[]): ContentProblem[] {
  const bySlug = new Map<string, Map<string, Spelling>>();
  for (const post of posts) {
    post.names.forEach((name, index) => {
      const slug = tagSlugOf(name);
      if (!slug) return;
      const spellings = bySlug.get(slug) ?? new Map<string, Spelling>();
      bySlug.set(slug, spellings);
      const spelling = spellings.get(name);
      if (!spelling) spellings.set(name, { files: [post.where], field: `tags[${index}]` });
      else if (!spelling.files.includes(post.where)) spelling.files.push(post.where);
    });
  }
  const problems: ContentProblem[] = [];
  for (const [slug, spellings] of bySlug) {
    const [first, ...others] = [...spellings];
    if (!first) continue;
    for (const [name, use] of others) {
      const why = name.toLowerCase() === first[0].toLowerCase() ? "differ only in case" : `both become the tag "${slug}"`;
      problems.push({
        file: use.files[0] ?? "",
        field: use.field,
        expected: `one spelling per tag: "${first[0]}" (${fileList(first[1].files)}) and "${name}" (${fileList(use.files)}) ${why}; write it the same way in every post`,
        actual: name,
      });
    }
  }
  return problems;
}

/** Up to three files, then how many more. */
function fileList(files: readonly string[]): string {
  const shown = files.slice(0, 3).join(", ");
  return files.length > 3 ? `${shown} and ${files.length - 3} more` : shown;
}
