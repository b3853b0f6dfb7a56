// The bare Eleventy side of the benches (run.ts, dev-loop.ts): the same posts' Markdown with one
// layout and nothing else, the floor any Eleventy site of these posts stands on.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A bare Eleventy project: the same posts' Markdown, one layout, nothing else. */
export function baselineProject(contentDir: string, dir: string): void {
  mkdirSync(join(dir, "_includes"), { recursive: true });
  cpSync(join(contentDir, "blog", "posts"), join(dir, "posts"), { recursive: true });
  cpSync(join(contentDir, "blog", "images"), join(dir, "images"), { recursive: true });
  writeFileSync(
    join(dir, "_includes", "layout.njk"),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>\n',
  );
  writeFileSync(join(dir, "posts", "posts.json"), JSON.stringify({ layout: "layout.njk" }));
  writeFileSync(
    join(dir, "eleventy.config.mjs"),
    'export default () => ({ dir: { input: ".", includes: "_includes" }, templateFormats: ["md"] });\n',
  );
}
