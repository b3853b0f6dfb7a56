const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Tagged template that escapes every interpolated value unless it is marked as HTML. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
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

/** Marks HTML that our own renderer produced (a writeup, a post) as safe to insert as it is. */
export function raw(rendered: string): SafeHtml {
  return new SafeHtml(rendered);
}
