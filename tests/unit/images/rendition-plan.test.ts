import { test } from "uvu";
import * as assert from "uvu/assert";
import { planFiles, planImage, renditionWidths, type SourceImage } from "../../../src/images/rendition-plan.ts";

const BASE = "https://site.example/blog/images/";
const source = (over: Partial<SourceImage>): SourceImage => ({
  url: `${BASE}photo.jpg`,
  width: 3000,
  height: 2000,
  type: "jpg",
  digest: "a".repeat(64),
  ...over,
});

test("should pick each standard width narrower than the image, and its own width up to 1600", () => {
  assert.equal(renditionWidths(4000), [480, 960, 1600]);
  assert.equal(renditionWidths(1600), [480, 960, 1600]);
  assert.equal(renditionWidths(1200), [480, 960, 1200]);
  assert.equal(renditionWidths(480), [480]);
  assert.equal(renditionWidths(300), [300]);
});

test("should publish a large JPEG as AVIF, WebP and JPEG at 480, 960 and 1600 px, never the original", () => {
  const plan = planImage(source({}), "settings");
  assert.equal(
    plan.sources.map((s) => s.type),
    ["image/avif", "image/webp"],
  );
  for (const set of [...plan.sources.map((s) => s.renditions), plan.fallbacks])
    assert.equal(
      set.map((r) => [r.width, r.height]),
      [
        [480, 320],
        [960, 640],
        [1600, 1067],
      ],
    );
  assert.equal(plan.fallback, plan.fallbacks[2]);
  assert.is(plan.fallback.format, "jpeg");
  assert.match(plan.fallback.url, /^https:\/\/site\.example\/blog\/images\/photo-[0-9a-f]{16}-1600\.jpg$/);
  assert.is(planFiles(plan).length, 9);
  assert.not.ok(planFiles(plan).some((r) => r.url === `${BASE}photo.jpg`));
});

test("should keep a PNG at most 1600 px wide as the one file in its own format, and show it to feeds", () => {
  const plan = planImage(source({ url: `${BASE}sub/my%20chart.png`, width: 1200, height: 600, type: "png" }), "s");
  assert.equal(plan.fallback, { url: `${BASE}sub/my%20chart.png`, width: 1200, height: 600, format: null });
  assert.equal(plan.fallbacks, [plan.fallback]);
  assert.equal(
    plan.sources[0]?.renditions.map((r) => r.url.replace(/-[0-9a-f]{16}-/, "-HASH-")),
    [
      `${BASE}sub/my%20chart-HASH-480.avif`,
      `${BASE}sub/my%20chart-HASH-960.avif`,
      `${BASE}sub/my%20chart-HASH-1200.avif`,
    ],
  );
  assert.is(planFiles(plan).length, 7);
});

test("should show feeds a 1600-px PNG rendition of a wider PNG", () => {
  const plan = planImage(source({ url: `${BASE}wide.png`, width: 3200, height: 100, type: "png" }), "s");
  assert.equal(
    plan.fallbacks.map((r) => [r.format, r.width, r.height]),
    [["png", 1600, 50]],
  );
});

test("should give a WebP an AVIF source and WebP widths, and a GIF or SVG no renditions", () => {
  const webp = planImage(source({ url: `${BASE}p.webp`, type: "webp", width: 1000, height: 1000 }), "s");
  assert.equal(
    webp.sources.map((s) => s.type),
    ["image/avif"],
  );
  assert.equal(
    webp.fallbacks.map((r) => r.format),
    ["webp", "webp", null],
  );
  for (const type of ["gif", "svg"]) {
    const plan = planImage(source({ url: `${BASE}a.${type}`, type, width: 5000, height: 10 }), "s");
    assert.equal(plan.sources, []);
    assert.equal(plan.fallbacks, [{ url: `${BASE}a.${type}`, width: 5000, height: 10, format: null }]);
  }
});

test("should name renditions after the bytes and the settings, the same every time", () => {
  const url = (over: Partial<SourceImage>, settings = "s") => planImage(source(over), settings).fallback.url;
  assert.is(url({}), url({}));
  assert.is.not(url({}), url({ digest: "b".repeat(64) }));
  assert.is.not(url({}), url({}, "other settings"));
});

test("should never round a rendition to zero pixels high", () => {
  assert.is(planImage(source({ width: 4000, height: 1 }), "s").fallback.height, 1);
});

test.run();
