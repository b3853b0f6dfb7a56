// How `npm run build` and `npm start` print a failed build (docs/robustness.md): a problem the
// owner fixes in a file (file, field, expected) or a file that breaks its OpenAPI description is
// printed as it is, without Eleventy's "Problem writing Eleventy templates:" above it and
// "(via ContentError)" after it; anything else is Eleventy's to print, with its stack.
import type Eleventy from "@11ty/eleventy";

/** The error in `error`'s chain that says all there is without a stack (a content error). */
export function ownersProblem(error: unknown): Error | undefined {
  for (let current = error; current instanceof Error; ) {
    if ((current as { skipOriginalStack?: boolean }).skipOriginalStack) return current;
    current = (current as { originalError?: unknown }).originalError ?? current.cause;
  }
  return undefined;
}

/**
 * Takes over how `eleventy` prints a build's error, as above; `printedElsewhere` picks the errors
 * the caller prints itself. `closing` words (at the time) the line Eleventy ends a failed build with ("Wrote
 * N files", in red); a build that passes keeps Eleventy's own.
 */
export function printOwnersProblems(
  eleventy: Eleventy,
  closing: () => string,
  printedElsewhere: (error: unknown) => boolean = () => false,
): void {
  const errorHandler = eleventy.errorHandler;
  const printError = errorHandler.once.bind(errorHandler);
  let failed = false;
  errorHandler.once = (type: string, error: unknown, message: string) => {
    failed = true;
    if (printedElsewhere(error)) return;
    const owners = ownersProblem(error);
    if (owners) console.error(owners.message);
    else printError(type, error, message);
  };
  const finished = eleventy.logFinished.bind(eleventy);
  // Called once at the end of every build: under `npm start`, the next one starts afresh.
  eleventy.logFinished = () => {
    const line = failed ? closing() : finished();
    failed = false;
    return line;
  };
}
