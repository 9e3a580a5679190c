/** A URL, or undefined where the text is not one (the TypeError `new URL` throws); any other error still throws. */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
