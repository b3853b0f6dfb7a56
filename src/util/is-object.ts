/** Whether a value (parsed JSON, a schema) is an object with keys: neither null nor an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
