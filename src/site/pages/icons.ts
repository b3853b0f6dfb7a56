import { raw, type SafeHtml } from "../../util/html.ts";

/*
 * The few icons pages show beside a label (never alone: the label says what it is), as inline
 * SVG stroked in the text's colour (site.css `.icon`): no icon font, no request. Paths after
 * Feather and Lucide (MIT). A profile link without its own icon gets the plain link icon.
 */
const PATHS: Readonly<Record<string, string>> = {
  link: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  github:
    "M9 19c-5 1.5-5-2.5-7-3m14 6v-3.9a3.4 3.4 0 0 0-.9-2.6c3.1-.4 6.4-1.5 6.4-7A5.4 5.4 0 0 0 20 4.8 5.1 5.1 0 0 0 19.9 1S18.7.7 16 2.5a13.4 13.4 0 0 0-7 0C6.3.7 5.1 1 5.1 1A5.1 5.1 0 0 0 5 4.8a5.4 5.4 0 0 0-1.5 3.8c0 5.4 3.3 6.6 6.4 7A3.4 3.4 0 0 0 9 18.1V22",
  linkedin:
    "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zM4 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
  itch: "M6 12h4M8 10v4M15 13h.01M18 11h.01M17.3 5H6.7a4 4 0 0 0-4 3.6l-.9 7.2a3 3 0 0 0 5.3 2.3L8 17h8l.9 1.1a3 3 0 0 0 5.3-2.3l-.9-7.2A4 4 0 0 0 17.3 5z",
  blog: "M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z",
  mail: "M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6",
  key: "M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.8 7.8 5.5 5.5 0 0 1 7.8-7.8zm0 0L15.5 7.5m0 0 3 3L22 7l-3-3m-3.5 3.5L19 4",
  search: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3",
  code: "M16 18l6-6-6-6M8 6l-6 6 6 6",
  home: "M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z",
};

/** The icon called `name` (the plain link icon when there is none), hidden from screen readers. */
export function icon(name: string): SafeHtml {
  return raw(
    `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${PATHS[name] ?? PATHS.link}"/></svg>`,
  );
}
