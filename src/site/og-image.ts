import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { ChildJobs } from "../util/child-jobs.ts";
import { packageVersion } from "../util/package-version.ts";
import { SOCIAL_IMAGE_SIZE } from "../config/site-paths.ts";

/*
 * Social preview images (Open Graph, 1200×630 PNG): satori lays out a tree of plain element
 * objects and turns its text into SVG paths with the Inter font, resvg rasterizes the SVG.
 * Everything comes from node_modules, so a build needs no network and no system fonts, and the
 * same card always gives the same bytes.
 */

const { width: OG_WIDTH, height: OG_HEIGHT } = SOCIAL_IMAGE_SIZE;

/** What one image shows. Text is plain text (never HTML); long text is shortened and wrapped here. */
export interface OgCard {
  /** The small line above the title: a project's domain, or what the site is. */
  eyebrow: string;
  /** The large heading: a project's name or the owner's name; wraps onto two lines at most. */
  title: string;
  /** The tagline or headline under the title; three lines at most. */
  subtitle: string;
  /** Short labels shown as pills (languages, counts); the first six are shown. */
  badges: string[];
  /** A figure at the top right, e.g. `128 stars`; `""` shows none. */
  highlight: string;
  /** Bottom left: the owner's name. */
  byline: string;
  /** Bottom right: the site's address without the scheme. */
  host: string;
  /** The card's colour, `#rrggbb`. */
  accent: string;
}

const require = createRequire(import.meta.url);
/** Inter's subsets as published by @fontsource/inter; each covers the ranges in its unicode.json. */
const SUBSETS = ["latin", "latin-ext", "greek", "greek-ext", "cyrillic", "cyrillic-ext", "vietnamese"] as const;
const WEIGHTS = [400, 700, 800] as const;
const FONT_FAMILY = SUBSETS.map((subset) => `"Inter ${subset}"`).join(", ");
const MAX_BADGES = 6;

/** A font file the renderer's process reads (og-render-process.ts), under the family name satori is told. */
export interface FontFile {
  name: string;
  file: string;
  weight: (typeof WEIGHTS)[number];
}

/** One subset of the font: its files and whether it draws a character. */
interface Subset {
  fonts: FontFile[];
  covers(codePoint: number): boolean;
}

let typeface: Subset[] | undefined;

/**
 * The fonts' files and the characters each subset covers, found once per process. satori reads
 * TTF, OTF and WOFF, not WOFF2, hence the .woff files.
 */
function loadTypeface(): Subset[] {
  if (typeface) return typeface;
  const json = readFileSync(require.resolve("@fontsource/inter/unicode.json"), "utf8");
  const unicode: Record<string, string> = JSON.parse(json);
  // One family name per subset: satori keeps one font per name, weight and style, and falls back
  // from family to family (FONT_FAMILY) for a character the first one lacks.
  typeface = SUBSETS.map((subset) => {
    const ranges = parseUnicodeRanges(unicode[subset] ?? "");
    return {
      covers: (cp: number) => ranges.some(([from, to]) => cp >= from && cp <= to),
      fonts: WEIGHTS.map(
        (weight): FontFile => ({
          name: `Inter ${subset}`,
          file: require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
          weight,
        }),
      ),
    };
  });
  return typeface;
}

/**
 * The fonts of the subsets a card's text uses (Latin alone, for most). Parsed fonts are most of
 * what satori holds in memory: all 21 (7 subsets, 3 weights) took about 100 MB more than Latin's
 * three, at the end of a large build. A subset that no character uses draws nothing, so the
 * image is the same either way.
 */
function fontsFor(card: OgCard): FontFile[] {
  // Every field (the accent's `#rrggbb` is Latin, which the digits bring anyway), and what
  // shortening and the badge count may add.
  const text = [...Object.values(card).flat(), " 0123456789…"].join("");
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0)!))];
  return loadTypeface().flatMap((subset) => (codePoints.some(subset.covers) ? subset.fonts : []));
}

/** `U+0000-00FF,U+0131` as inclusive code point ranges. */
function parseUnicodeRanges(list: string): [number, number][] {
  return list
    .split(",")
    .map((part) => /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part.trim()))
    .flatMap((match) =>
      match ? [[parseInt(match[1]!, 16), parseInt(match[2] ?? match[1]!, 16)] as [number, number]] : [],
    );
}

/**
 * Text the font can draw: characters it lacks (emoji, CJK) are left out rather than drawn as
 * empty boxes, whitespace is collapsed, and text longer than `max` characters ends in `…`.
 */
export function drawableText(text: string, max: number): string {
  const subsets = loadTypeface();
  const kept = [...text.normalize("NFC").replace(/\s+/gu, " ")]
    .filter((char) => !/\p{Cc}|\p{Cf}/u.test(char) && subsets.some((subset) => subset.covers(char.codePointAt(0)!)))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  const chars = [...kept];
  if (chars.length <= max) return kept;
  const cut = chars.slice(0, max - 1).join("");
  return `${cut.trimEnd()}…`;
}

/** The renderer's identity for caches: this file, its process's, satori, resvg and the font. A change to any of them changes every key. */
export function ogRendererVersion(): string {
  const hash = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(RENDER_PROCESS));
  for (const name of ["satori", "@resvg/resvg-js", "@fontsource/inter"]) hash.update(`${name}@${packageVersion(name)}`);
  return hash.digest("hex").slice(0, 16);
}

/** A deterministic accent colour for an id (a domain id): a hue from its hash, at a fixed saturation and lightness. */
export function accentFor(id: string): string {
  const hue = createHash("sha256").update(id).digest().readUInt16BE(0) % 360;
  return hslToHex(hue, 0.68, 0.62);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

interface Element {
  type: string;
  props: { style?: Record<string, string | number>; children?: string | Element | (string | Element)[] };
}

// Flex unless a style says otherwise: satori's default, and what a div of several children needs.
function el(type: string, style: Element["props"]["style"], children?: Element["props"]["children"]): Element {
  const props = { style: { display: "flex", ...style } };
  return { type, props: children === undefined ? props : { ...props, children } };
}

const BACKGROUND = "#0d1117";
const TEXT = "#f0f3f6";
const MUTED = "#9ea7b3";

/** The card's layout: a band of accent colour at the left, the text in a column, byline and host at the foot. */
function cardTree(card: OgCard): Element {
  const title = drawableText(card.title, 64);
  const subtitle = drawableText(card.subtitle, 180);
  const badges = card.badges.map((badge) => drawableText(badge, 24)).filter((badge) => badge !== "");
  const shown =
    badges.length > MAX_BADGES ? [...badges.slice(0, MAX_BADGES - 1), `+${badges.length - MAX_BADGES + 1}`] : badges;
  // Short names get the full size; a long one steps down so two lines hold it.
  const titleSize = [...title].length <= 18 ? 96 : [...title].length <= 30 ? 76 : 60;

  const top = el("div", { justifyContent: "space-between", alignItems: "center", fontSize: 30, fontWeight: 700 }, [
    el("div", { alignItems: "center", color: card.accent }, [
      el("div", { width: 18, height: 18, borderRadius: 9, backgroundColor: card.accent, marginRight: 16 }),
      drawableText(card.eyebrow, 40),
    ]),
    el("div", { color: TEXT }, drawableText(card.highlight, 24)),
  ]);
  const heading = el("div", { flexDirection: "column", marginTop: 36 }, [
    el(
      "div",
      {
        display: "block",
        fontSize: titleSize,
        fontWeight: 800,
        lineHeight: 1.08,
        letterSpacing: -1.5,
        color: TEXT,
        lineClamp: 2,
        wordBreak: "break-word",
      },
      title,
    ),
    el(
      "div",
      {
        display: "block",
        fontSize: 36,
        fontWeight: 400,
        lineHeight: 1.3,
        color: MUTED,
        marginTop: 24,
        lineClamp: 3,
        wordBreak: "break-word",
      },
      subtitle,
    ),
  ]);
  const pills = el(
    "div",
    { flexWrap: "wrap", marginTop: 32 },
    shown.map((badge) =>
      el(
        "div",
        {
          fontSize: 24,
          fontWeight: 700,
          color: TEXT,
          border: `2px solid ${card.accent}`,
          borderRadius: 999,
          padding: "6px 18px",
          marginRight: 12,
          marginBottom: 12,
        },
        badge,
      ),
    ),
  );
  const foot = el(
    "div",
    {
      justifyContent: "space-between",
      alignItems: "center",
      borderTop: "2px solid #30363d",
      paddingTop: 24,
      fontSize: 28,
    },
    [
      el("div", { fontWeight: 700, color: TEXT }, drawableText(card.byline, 40)),
      el("div", { color: MUTED }, drawableText(card.host, 48)),
    ],
  );

  return el("div", { width: OG_WIDTH, height: OG_HEIGHT, backgroundColor: BACKGROUND, fontFamily: FONT_FAMILY }, [
    el("div", { width: 24, height: OG_HEIGHT, flexShrink: 0, backgroundColor: card.accent }),
    el(
      "div",
      {
        flexDirection: "column",
        justifyContent: "space-between",
        flexGrow: 1,
        padding: "56px 72px 48px 64px",
      },
      [el("div", { flexDirection: "column", overflow: "hidden" }, [top, heading, pills]), foot],
    ),
  ]);
}

/**
 * Renders one card as a 1200×630 PNG. The same card gives the same bytes. The layout and the
 * rasterizing happen in the renderer's process (og-render-process.ts says why), started on the
 * first card and kept until `closeOgRenderer`; the card's tree and fonts are chosen here.
 */
export async function renderOgImage(card: OgCard): Promise<Uint8Array> {
  // A renderer that stopped (killed, crashed) refused its cards; the next card starts another.
  if (!running || running.stopped)
    running = new ChildJobs<RenderReply>(RENDER_PROCESS, {
      couldNotRun: (error) => new Error(`The social-image renderer could not run: ${error.message}`),
      stoppedBy: (how) => new Error(`The social-image renderer stopped (${how}) before the image was rendered`),
    });
  const reply = await running.send({ tree: cardTree(card), fonts: fontsFor(card), width: OG_WIDTH, height: OG_HEIGHT });
  if (reply.png instanceof Uint8Array) return reply.png;
  throw new Error(`A social image could not be rendered: ${reply.error ?? "no image"}`);
}

/** Ends the renderer's process, and with it the memory satori and resvg kept; the next card starts another. */
export function closeOgRenderer(): void {
  running?.close(new Error("The social-image renderer was closed before the image was rendered"));
  running = undefined;
}

const RENDER_PROCESS = fileURLToPath(new URL("./og-render-process.ts", import.meta.url));

type RenderReply = { id: number; png?: Uint8Array; error?: string };

let running: ChildJobs<RenderReply> | undefined;
