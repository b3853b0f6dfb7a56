import { test } from "uvu";
import * as assert from "uvu/assert";
import { CONTENT_SIZES, pictureHtml, withPictures } from "../../../src/images/picture-html.ts";
import { planImage, type ImagePlan } from "../../../src/images/rendition-plan.ts";
import { renderMarkdown } from "../../../src/markdown/cached-render.ts";

const BASE = "https://site.example/blog/images/";
const photo = planImage(
  { url: `${BASE}photo.jpg`, width: 3000, height: 2000, type: "jpg", digest: "a".repeat(64) },
  "s",
);
const drawing = planImage({ url: `${BASE}d.svg`, width: 400, height: 200, type: "svg", digest: "b".repeat(64) }, "s");
const hashed = (markup: string): string => markup.replace(/-[0-9a-f]{16}-/g, "-H-");

test("should show a photo as a picture: AVIF and WebP sources, a JPEG img with its size, lazy and async", () => {
  const markup = hashed(pictureHtml(photo, { alt: 'A "lake" & hills' }).value);
  const srcset = (ext: string) =>
    `${BASE}photo-H-480.${ext} 480w, ${BASE}photo-H-960.${ext} 960w, ${BASE}photo-H-1600.${ext} 1600w`;
  assert.is(
    markup,
    `<picture><source type="image/avif" srcset="${srcset("avif")}" sizes="${CONTENT_SIZES}">` +
      `<source type="image/webp" srcset="${srcset("webp")}" sizes="${CONTENT_SIZES}">` +
      `<img src="${BASE}photo-H-1600.jpg" srcset="${srcset("jpg")}" sizes="${CONTENT_SIZES}" width="1600" height="1067" alt="A &quot;lake&quot; &amp; hills" loading="lazy" decoding="async"></picture>`,
  );
});

test("should load the first image above the fold at once and early, with its class", () => {
  const markup = pictureHtml(photo, { alt: "x", className: "cover", eager: true }).value;
  assert.match(markup, /<img class="cover" src=/);
  assert.match(markup, / decoding="async" fetchpriority="high">/);
  assert.not.match(markup, /loading=/);
});

test("should show an image published as it is as a lone img, without srcset", () => {
  assert.is(
    pictureHtml(drawing, { alt: "d" }).value,
    `<img src="${BASE}d.svg" width="400" height="200" alt="d" loading="lazy" decoding="async">`,
  );
});

test("should turn the rendered images of a post into pictures, the first eager when asked, titles and alt kept", () => {
  const plans = new Map<string, { plan: ImagePlan }>([
    [photo.fallback.url, { plan: photo }],
    [drawing.fallback.url, { plan: drawing }],
  ]);
  const resolved: Record<string, ImagePlan> = { "photo.jpg": photo, "d.svg": drawing };
  const rendered = renderMarkdown(
    '![A <b> & "c"](photo.jpg "Seen from the col")\n\n![Drawing](d.svg)\n\n![Elsewhere](other.png)\n',
    {
      resolveImage: (src) => {
        const plan = resolved[src];
        return plan
          ? { url: plan.fallback.url, width: plan.fallback.width, height: plan.fallback.height }
          : { url: src };
      },
    },
  ).html;
  const page = withPictures(rendered, plans, true).value;
  assert.match(
    page,
    /<p><picture><source type="image\/avif"[^>]*><source type="image\/webp"[^>]*><img title="Seen from the col" src="[^"]*-1600\.jpg" srcset="[^"]*" sizes="[^"]*" width="1600" height="1067" alt="A &lt;b&gt; &amp; &quot;c&quot;" decoding="async" fetchpriority="high"><\/picture><\/p>/,
  );
  assert.match(page, /<img src="[^"]*d\.svg" width="400" height="200" alt="Drawing" loading="lazy" decoding="async">/);
  assert.match(page, /<img src="other\.png" alt="Elsewhere">/);
  assert.is((withPictures(rendered, plans, false).value.match(/loading="lazy"/g) ?? []).length, 2);
});

test("should leave HTML without planned images as it is", () => {
  const rendered = '<p><img src="https://elsewhere.example/x.png" alt="x" width="1" height="1"></p>';
  assert.is(withPictures(rendered, new Map(), true).value, rendered);
});

test.run();
