import { availabilityText, type PortfolioModel } from "../../model/portfolio-model.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";
import { portfolioPaths } from "./paths.ts";
import { countOf } from "../../util/plural.ts";
import { terminalText } from "../../util/terminal-text.ts";
import stringWidth from "string-width";

/** A run of card text and how the coloured card styles it. */
interface Span {
  text: string;
  style: "name" | "label" | "value" | "muted" | "plain";
}
type Line = Span[];

const INNER_WIDTH = 64;
const LABEL_WIDTH = 9;
/**
 * The coloured card's accents, each with a contrast of at least 3:1 on a white and on a black
 * terminal (WCAG's ratio, checked by the unit test); values show in the terminal's own colour.
 */
export const CARD_ACCENTS: Record<"name" | "label" | "muted" | "border", [number, number, number]> = {
  border: [128, 128, 128],
  name: [200, 120, 0],
  label: [59, 130, 246],
  muted: [128, 128, 128],
};

/**
 * The card's lines for both renderings; every value passes `terminalText` before it is measured
 * or wrapped, so the .ansi card carries no escape but its colours and no border shifts.
 */
function cardLines(model: PortfolioModel): Line[] {
  const { profile, config, stats, pgp } = model;
  const paths = sitePaths(config);
  const url = (path: string) => publishedUrl(config, path);
  // A link is never cut, which would make it lead elsewhere: the card widens to the longest.
  const row = (label: string, value: string, link = false): Line[] =>
    (link ? [terminalText(value)] : wrap(terminalText(value), INNER_WIDTH - LABEL_WIDTH)).map((part, i) => [
      { text: (i === 0 ? label : "").padEnd(LABEL_WIDTH), style: "label" },
      { text: part, style: "value" },
    ]);
  const text = (value: string, style: Span["style"]): Line[] =>
    wrap(terminalText(value), INNER_WIDTH).map((part) => [{ text: part, style }]);
  const { form, irc, discord } = profile.contact;
  const lines: Line[] = [
    [
      { text: terminalText(profile.name), style: "name" },
      { text: terminalText(`  @${profile.handle}`), style: "muted" },
    ],
    ...text(profile.headline, "plain"),
    [],
    ...row("site", url(paths.home), true),
    ...row("blog", url(paths.blog.home), true),
    ...row("code", profile.links.github ?? `https://github.com/${config.site.github}`, true),
    ...row("api", url(paths.portfolioApi(portfolioPaths.index)), true),
    // Only the ways of getting in touch that the owner gives.
    ...(form ? row("contact", form, true) : []),
    ...(irc ? row("irc", `${irc.nick} on ${irc.network}`) : []),
    ...(discord ? row("chat", `Discord ${discord}`) : []),
  ];
  if (pgp) lines.push(...row("pgp", groupFingerprint(pgp.fingerprint)));
  const counts = [
    countOf(stats.projects, "project", "projects"),
    countOf(stats.domains, "domain", "domains"),
    countOf(stats.pulls.merged, "merged upstream pull request", "merged upstream pull requests"),
  ];
  lines.push([], ...text(counts.join(" · "), "muted"), ...text(availabilityText(profile.open_to_work), "plain"));
  return lines;
}

/** Plain boxed card: every border lines up, wide characters (emoji, CJK) counted by display width. */
export function cardText(model: PortfolioModel): string {
  return renderCard(cardLines(model), (text) => text);
}

/** The same card with 24-bit colour escapes on its accents (CARD_ACCENTS). */
export function cardAnsi(model: PortfolioModel): string {
  return renderCard(cardLines(model), (text, style) => {
    if (text === "" || style === "value" || style === "plain") return text;
    const [r, g, b] = CARD_ACCENTS[style];
    return `\u001b[${style === "name" ? "1;" : ""}38;2;${r};${g};${b}m${text}\u001b[0m`;
  });
}

function renderCard(lines: Line[], paint: (text: string, style: Span["style"] | "border") => string): string {
  const border = (text: string) => paint(text, "border");
  const width = Math.max(INNER_WIDTH, ...lines.map((line) => stringWidth(line.map((s) => s.text).join(""))));
  const out = [border(`╭${"─".repeat(width + 4)}╮`)];
  for (const line of lines) {
    const used = stringWidth(line.map((s) => s.text).join(""));
    const body = line.map((s) => paint(s.text, s.style)).join("");
    out.push(`${border("│")}  ${body}${" ".repeat(width - used)}  ${border("│")}`);
  }
  out.push(border(`╰${"─".repeat(width + 4)}╯`));
  return `${out.join("\n")}\n`;
}

/** Splits text into lines no wider than `width` columns, at spaces where possible. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (stringWidth(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    // A single word wider than the card (a long URL) is cut by display width.
    while (stringWidth(current) > width) {
      let cut = "";
      for (const char of current) {
        if (stringWidth(cut + char) > width) break;
        cut += char;
      }
      lines.push(cut);
      current = current.slice(cut.length);
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** `ABCD1234…` → `ABCD 1234 …`: how people compare fingerprints by eye. */
export function groupFingerprint(fingerprint: string): string {
  return fingerprint.replace(/(.{4})(?!$)/g, "$1 ");
}
