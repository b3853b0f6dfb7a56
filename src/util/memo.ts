/**
 * Remembers a function's result per object (weakly), so that a post or project shaped once is
 * not shaped again for every list, tag and page it is in.
 */
export function memoByObject<K extends object, A extends unknown[], V>(
  compute: (key: K, ...rest: A) => V,
): (key: K, ...rest: A) => V {
  const results = new WeakMap<K, V>();
  return (key, ...rest) => {
    if (results.has(key)) return results.get(key) as V;
    const value = compute(key, ...rest);
    results.set(key, value);
    return value;
  };
}
