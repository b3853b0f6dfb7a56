/**
 * Remembers a function's result per object, its last argument (weakly), so that a post or project
 * shaped once is not shaped again for every list, tag and page it is in. The arguments before it
 * must be the same for one object (its model).
 */
export function memoByObject<A extends unknown[], K extends object, V>(
  compute: (...args: [...A, K]) => V,
): (...args: [...A, K]) => V {
  const results = new WeakMap<K, V>();
  return (...args) => {
    const key = args[args.length - 1] as K;
    if (!results.has(key)) results.set(key, compute(...args));
    return results.get(key) as V;
  };
}
