/** `1 project`, `2 projects`: counts in words, for badges and the card. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
