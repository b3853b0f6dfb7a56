// The Hugo side of `npm run bench`: a Hugo site that builds the same generated posts doing
// roughly the product's job: an HTML page per post, tag pages, highlighted code, a
// full-content RSS, one JSON file per post (title, date, url, tags, word count, reading time,
// HTML, text, table of contents) and a JSON list per section and term. Written into a temp
// folder by the bench, never committed as a project of its own. Layouts target Debian's Hugo
// 0.111.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The `hugo` on the PATH and its version, or undefined when there is none (the bench then skips Hugo). */
export function findHugo(): string | undefined {
  const found = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

const CONFIG = `baseURL = "https://margo.example/"
languageCode = "en"
title = "Bench"
disableKinds = ["sitemap", "robotsTXT", "404"]
[taxonomies]
  tag = "tags"
[permalinks]
  blog = "/blog/posts/:filename/"
[outputs]
  home = ["HTML", "RSS", "JSON"]
  section = ["HTML", "RSS", "JSON"]
  page = ["HTML", "JSON"]
  term = ["HTML", "JSON"]
  taxonomy = ["HTML"]
[services.rss]
  limit = -1
[markup.highlight]
  noClasses = false
[markup.tableOfContents]
  startLevel = 2
  endLevel = 3
`;

const LAYOUTS: Record<string, string> = {
  "_default/baseof.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="alternate" type="application/rss+xml" href="/blog/index.xml"></head><body><main>{{ block "main" . }}{{ end }}</main></body></html>
`,
  "_default/single.html": `{{ define "main" }}<article><h1>{{ .Title }}</h1><p><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2 Jan 2006" }}</time> · {{ .ReadingTime }} min read · {{ range .Params.tags }}<a href="{{ "/tags/" | relURL }}{{ . | urlize }}/">{{ . }}</a> {{ end }}</p><nav>{{ .TableOfContents }}</nav>{{ .Content }}</article>{{ end }}
`,
  "_default/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <time>{{ .Date.Format "2006-01-02" }}</time><p>{{ .Summary }}</p></li>{{ end }}</ul>{{ end }}
`,
  "index.html": `{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul>{{ range first 10 (where .Site.RegularPages "Section" "blog") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`,
  "_default/single.json": `{{ dict "title" .Title "date" (.Date.Format "2006-01-02") "url" .Permalink "tags" .Params.tags "word_count" .WordCount "reading_time" .ReadingTime "html" .Content "text" .Plain "toc" .TableOfContents | jsonify (dict "indent" "  ") }}
`,
  "_default/list.json": `{{ $items := slice }}{{ range .Pages }}{{ $items = $items | append (dict "title" .Title "date" (.Date.Format "2006-01-02") "url" .Permalink "tags" .Params.tags "summary" (.Summary | plainify)) }}{{ end }}{{ dict "title" .Title "url" .Permalink "items" $items | jsonify (dict "indent" "  ") }}
`,
  "_default/rss.xml": `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>{{ .Site.Title }}</title><link>{{ .Permalink }}</link><description>Posts</description>{{ range .Pages }}<item><title>{{ .Title }}</title><link>{{ .Permalink }}</link><guid>{{ .Permalink }}</guid><pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" }}</pubDate><description>{{ .Content | html }}</description></item>{{ end }}</channel></rss>
`,
};

/**
 * Writes a Hugo site of the generated content's posts into `dir`: posts under `content/blog/`,
 * their images under `static/blog/images/`.
 */
export function hugoProject(contentDir: string, dir: string): void {
  writeFileSync(join(dir, "config.toml"), CONFIG, { flag: "w" });
  for (const [path, text] of Object.entries(LAYOUTS)) {
    mkdirSync(join(dir, "layouts", path, ".."), { recursive: true });
    writeFileSync(join(dir, "layouts", path), text);
  }
  cpSync(join(contentDir, "blog", "posts"), join(dir, "content", "blog"), { recursive: true });
  writeFileSync(join(dir, "content", "blog", "_index.md"), "---\ntitle: Field Notes\n---\n");
  cpSync(join(contentDir, "blog", "images"), join(dir, "static", "blog", "images"), { recursive: true });
}

/** The command line that builds the Hugo site in `dir` (run from `dir`), removing stale files as our build does. */
export function hugoArgs(): string[] {
  return ["--quiet", "--cleanDestinationDir", "--destination", "public"];
}
