import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import { buildSite, copyContent, removeDir } from "../support/build-site.ts";
import { assertRefused } from "../support/hostile.ts";

/*
 * A hostile resume.yaml (the JSON Resume's optional content, src/content/content-schemas.ts)
 * through one real build: every problem of the file is reported at once, so one build carries
 * them all. A control character is refused as any YAML file is read, before these checks
 * (hostile/content.test.ts covers that path).
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const SCRIPT_URL = "javascript:alert(document.domain)";
const USERINFO_URL = "https://owner:hunter2@evil.example/";

test("should refuse a script URL, a URL with a password, a bare year and an unknown key, publishing nothing", async () => {
  const contentDir = copyContent();
  writeFileSync(
    join(contentDir, "resume.yaml"),
    [
      "work:",
      "  - name: Acme",
      "    position: Engineer",
      "    start: 2019",
      `    url: ${SCRIPT_URL}`,
      "education:",
      "  - institution: Uni",
      "    degree: BSc",
      `    url: ${USERINFO_URL}`,
      "",
    ].join("\n"),
  );
  const refused = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir });
  try {
    const mentions = [
      "resume.yaml",
      "work[0].url",
      "work[0].start",
      "(quoted)",
      "education[0].degree",
      "education[0].url",
    ];
    for (const hostile of [SCRIPT_URL, USERINFO_URL]) assertRefused(refused, { mentions, hostile });
  } finally {
    removeDir(refused.outDir);
    removeDir(contentDir);
  }
});

test.run();
