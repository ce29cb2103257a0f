/**
 * The words of something caught: an `Error`'s message, anything else as `String()` makes it. Pure;
 * callers that show the text to a user still sanitize or shorten it as they did.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
