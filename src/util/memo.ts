/**
 * Remembers a function's result per object. Resource builders use it so a post or a project
 * shaped once (for its own file) is not shaped again for every list, tag and page it is in.
 * Keys are objects: a model's posts and projects (which live for one build, so nothing outlives
 * it) or content schemas (which live as long as the process).
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
