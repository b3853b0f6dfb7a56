/** An error whose message is the whole story: Eleventy's error handler prints it without our stack. */
export class StacklessError extends Error {
  readonly skipOriginalStack = true;
  override name = this.constructor.name;
}
