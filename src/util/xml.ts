import { CONTROL_CHARACTER } from "./control-characters.ts";

/*
 * A small XML writer for documents built from objects (the RSS feed, the sitemap), text escaped
 * exactly once (fast-xml-parser's builder took 0.3 s for a 4,000-post feed). The output's XML
 * text check: characters no escape makes legal in XML 1.0 (C0 but tab, LF, CR; lone surrogates;
 * U+FFFE/U+FFFF) are dropped, and so are DEL and C1: a feed is read in terminals too.
 */

/** An element: text content, child elements, or neither (written as `<name/>`). */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  /** Write the text as a CDATA section: markup carried as text (a post's HTML) stays readable and smaller. */
  cdata?: boolean;
  children?: XmlElement[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", '"': "&quot;" };

/** What XML 1.0 (§2.2 Char) refuses beyond CONTROL_CHARACTER: lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/;
const UNWRITABLE = new RegExp(`${CONTROL_CHARACTER.source}|${NOT_XML.source}`, "g");

/** Text without the characters an XML document must not carry (see the top of this file). */
export function xmlCharactersOnly(text: string): string {
  return text.replace(UNWRITABLE, "");
}

/** Escapes text for XML content and attribute values (all five predefined entities), dropping characters XML cannot carry. */
export function escapeXml(text: string): string {
  return xmlCharactersOnly(text).replace(/[&<>'"]/g, (char) => ESCAPES[char] ?? char);
}

/** A whole document: the XML declaration, the root element, a final newline. */
export function xmlDocument(root: XmlElement): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  writeElement(root, "", lines);
  return `${lines.join("\n")}\n`;
}

function writeElement(element: XmlElement, indent: string, lines: string[]): void {
  const attributes = Object.entries(element.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
  const open = `${indent}<${element.name}${attributes}`;
  if (element.children && element.children.length > 0) {
    lines.push(`${open}>`);
    for (const child of element.children) writeElement(child, `${indent}  `, lines);
    lines.push(`${indent}</${element.name}>`);
  } else if (element.text) {
    lines.push(`${open}>${element.cdata ? cdataSection(element.text) : escapeXml(element.text)}</${element.name}>`);
  } else {
    lines.push(`${open}/>`);
  }
}

/** Text as CDATA, a `]]>` inside split across two sections, so no text breaks out; same characters dropped. */
export function cdataSection(text: string): string {
  return `<![CDATA[${xmlCharactersOnly(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}
