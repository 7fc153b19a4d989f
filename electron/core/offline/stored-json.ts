/** A stored JSON text's value, or undefined when the text is not JSON: a broken row is skipped, never fatal. */
export function storedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
