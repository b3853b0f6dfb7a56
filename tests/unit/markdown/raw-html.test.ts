import { test } from "uvu";
import * as assert from "uvu/assert";
import { SiteFile } from "../../../src/content/content-schemas.ts";
import { checkShape } from "../../../src/content/check-shape.ts";
import { RAW_HTML_MODES } from "../../../src/markdown/raw-html.ts";
import { contentProblems } from "../support/errors.ts";

test("should accept in site.yaml exactly the raw HTML modes the renderer knows", () => {
  for (const mode of RAW_HTML_MODES) {
    const checked = checkShape(SiteFile.properties.markdown, { raw_html: mode }, "site.yaml");
    assert.equal(checked, { raw_html: mode });
  }
});

test("should refuse any other raw HTML mode, listing the known ones", async () => {
  const problems = await contentProblems(() =>
    checkShape(SiteFile.properties.markdown, { raw_html: "allow" }, "site.yaml"),
  );

  assert.is(problems.length, 1, JSON.stringify(problems));
  assert.is(problems[0]?.expected, "one of escape, sanitize, trust");
});

test.run();
