import { decodeEntities, html, raw, type SafeHtml } from "../util/html.ts";
import type { ImagePlan, Rendition } from "./rendition-plan.ts";

/*
 * The responsive markup of the pages: `<picture>` with AVIF and WebP `<source>`s and an `<img>`
 * in the image's own format, every width in `srcset`. The rendered Markdown of the API and the
 * feeds keeps one plain `<img>` (the fallback); a page turns those into pictures here.
 */

/**
 * How wide an image in a post is drawn: the post's column is `--measure` wide, 42rem
 * (site-assets/site.css, `.post`), inside `main`'s 1rem of padding on each side; the whole
 * viewport less that padding on narrower screens.
 */
export const CONTENT_SIZES = "(min-width: 44rem) 42rem, calc(100vw - 2rem)";

/** How one image is shown. */
export interface PictureOptions {
  alt: string;
  /** A class on the `<img>` (`cover`); default none. */
  className?: string;
  /** True for the first image above the fold, which the largest paint waits for; default false (lazy). */
  eager?: boolean;
  /** How wide it is drawn (`sizes`); default the post's column (CONTENT_SIZES). */
  sizes?: string;
}

const EAGER = html` decoding="async" fetchpriority="high"`;
const LAZY = html` loading="lazy" decoding="async"`;

/** The `<picture>` (or, for an image published as it is, the `<img>`) of a plan. */
export function pictureHtml(plan: ImagePlan, options: PictureOptions): SafeHtml {
  const { fallback } = plan;
  const img = html`<img${options.className ? html` class="${options.className}"` : ""} src="${fallback.url}"${srcsetAttributes(plan.fallbacks, options.sizes)} width="${fallback.width}" height="${fallback.height}" alt="${options.alt}"${options.eager ? EAGER : LAZY}>`;
  if (plan.sources.length === 0) return img;
  return html`<picture>${plan.sources.map((source) => html`<source type="${source.type}"${srcsetAttributes(source.renditions, options.sizes)}>`)}${img}</picture>`;
}

/** `srcset` and `sizes`, when there is more than the one file `src` names. */
function srcsetAttributes(renditions: readonly Rendition[], sizes = CONTENT_SIZES): SafeHtml {
  if (renditions.length < 2 && renditions.every((rendition) => rendition.format === null)) return html``;
  return html` srcset="${renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(", ")}" sizes="${sizes}"`;
}

/*
 * An `<img>` as src/markdown/render-markdown.ts writes a post's local image (markdown-it's
 * attribute order and escaping). Raw HTML of this shape with a planned URL shows the same image.
 */
const RENDERED_IMG = /<img src="([^"]*)" alt="([^"]*)"(?: title="([^"]*)")? width="\d+" height="\d+">/g;

/** Rendered Markdown with each local image as its picture; `eagerFirst`: the first is above the fold. */
export function withPictures(
  rendered: string,
  plans: ReadonlyMap<string, { plan: ImagePlan }>,
  eagerFirst: boolean,
): SafeHtml {
  let first = eagerFirst;
  return raw(
    rendered.replace(RENDERED_IMG, (whole, src: string, alt: string, title: string | undefined) => {
      const plan = plans.get(decodeEntities(src))?.plan;
      if (!plan) return whole;
      const eager = first;
      first = false;
      const picture = pictureHtml(plan, { alt: decodeEntities(alt), eager }).value;
      // A title is kept as written (escaped already).
      return title === undefined ? picture : picture.replace("<img ", `<img title="${title}" `);
    }),
  );
}
