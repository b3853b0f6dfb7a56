import { CORE_SCHEMA, dump } from "js-yaml";

/**
 * Writes a fixture value as YAML with js-yaml, the parser the product reads content with, and
 * the same core schema, so a date such as `2026-03-10` is written bare, as an owner writes it,
 * and reads back as the same string.
 */
export function yamlText(value: unknown): string {
  return dump(value, { schema: CORE_SCHEMA });
}
