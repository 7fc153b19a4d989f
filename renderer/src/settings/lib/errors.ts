/**
 * The text to show for a failed settings step. Main's messages (DeskErrors) are written for operators
 * already, and a file that could not be read carries its own message: show them as they are.
 */
export function settingsErrorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
