import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from "saxes";
import { MAX_MARKUP_NESTING } from "../markdown/markdown-limits.ts";
import { isSafeLink } from "../util/safe-url.ts";

/*
 * A published SVG runs its scripts with the site's origin (GitHub Pages sends no Content Security
 * Policy), so every SVG a post shows is parsed strictly, as a browser parses image/svg+xml, and
 * refused when it can run or load anything active. A deny list: an allow list would refuse the
 * harmless editor extras (Inkscape's `sodipodi:`, RDF metadata) diagrams carry.
 */

const XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const LINK_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);
/** An event handler attribute's local name (`onload`, `ONCLICK`). */
const HANDLER = /^on/i;
const ANIMATIONS: ReadonlySet<string> = new Set("animate set animateMotion animateTransform animateColor".split(" "));
const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Thrown from the parser's handler to stop it: see svgDanger. */
const TOO_DEEP = new Error("nested too deep");

/** What in one attribute could run or load something; null when nothing. */
function attributeDanger(tag: SaxesTagNS, attribute: SaxesAttributeNS): string | null {
  const { local, name, value } = attribute;
  if (HANDLER.test(local)) return `an event handler attribute ${name} on <${tag.name}>`;
  if (name === "xml:base") return `an xml:base attribute on <${tag.name}>`;
  if (LINK_ATTRIBUTES.has(local) && !value.trim().startsWith("#") && !isSafeLink(value, "web")) {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    return `${name}=${shown} on <${tag.name}> (links may be #fragment or a relative or http(s) URL)`;
  }
  if (local === "attributeName" && ANIMATIONS.has(tag.local)) {
    // The local part of the attribute it names (`xlink:href` -> `href`).
    const target = value.trim().slice(value.trim().indexOf(":") + 1);
    if (HANDLER.test(target) || LINK_ATTRIBUTES.has(target))
      return `an animation <${tag.name}> that sets ${value.trim()}`;
  }
  return null;
}

/** What in one element could run or load something; null when nothing. */
function elementDanger(tag: SaxesTagNS): string | null {
  if (tag.local === "script") return "a <script> element";
  if (tag.local === "foreignObject") return "a <foreignObject> element";
  if (tag.uri === XHTML_NAMESPACE) return `an XHTML element <${tag.name}>`;
  for (const attribute of Object.values(tag.attributes)) {
    const found = attributeDanger(tag, attribute);
    if (found) return found;
  }
  return null;
}

/**
 * The first thing in an SVG file that could run or load anything, with its line ("a <script>
 * element at line 3"); null for a plain drawing. Bytes that are not UTF-8 or not well-formed XML
 * are reported too: a browser would read the file differently from this check.
 */
export function svgDanger(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return "bytes that are not UTF-8 text";
  }
  const parser = new SaxesParser({ xmlns: true, position: true });
  let found: string | null = null;
  const report = (what: string): void => {
    found ??= `${what} at line ${parser.line}`;
  };
  parser.on("doctype", () => report("a DOCTYPE (entity declarations are not allowed)"));
  parser.on("processinginstruction", (pi) => report(`a processing instruction <?${pi.target}?>`));
  // saxes looks up each element's namespace through every open one: stopped past MAX_MARKUP_NESTING.
  let depth = 0;
  parser.on("opentag", (tag) => {
    if (++depth > MAX_MARKUP_NESTING) throw TOO_DEEP;
    const danger = elementDanger(tag);
    if (danger) report(danger);
  });
  parser.on("closetag", () => (depth -= 1));
  parser.on("error", (error) =>
    report(`XML that is not well-formed (${error.message.replace(/^[^:]*:\d+:\d+: /, "")})`),
  );
  try {
    parser.write(text.replace(/^\uFEFF/, "")).close();
  } catch (error) {
    if (error !== TOO_DEEP) throw error;
    report(`elements nested over ${MAX_MARKUP_NESTING} deep`);
  }
  return found;
}
