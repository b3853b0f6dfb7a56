const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references an attribute value can carry; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[ref] ?? whole;
  });
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Tagged template that escapes every interpolated value unless it is marked as HTML. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  // String.raw interleaves the parts; given the cooked strings as `raw`, it keeps their escapes read.
  return new SafeHtml(String.raw({ raw: strings }, ...values.map(renderValue)));
}

/** HTML that is already safe to insert. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

function renderValue(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** A table in a box that scrolls sideways on a narrow screen: a named region a keyboard can scroll (WCAG 2.1.1). */
export function scrollingTable(name: string, table: SafeHtml): SafeHtml {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="${name}">${table}</div>`;
}

/** Marks HTML that our own renderer produced (a writeup, a post) as safe to insert as it is. */
export function raw(rendered: string): SafeHtml {
  return new SafeHtml(rendered);
}
