/**
 * One call in flight: busy while it runs (its button is disabled, so it cannot be sent twice), and
 * the failure's message (main's DeskErrors are written for operators) kept until the next attempt.
 */
export class Action {
  busy = $state(false);
  error = $state<string | undefined>();

  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = undefined;
    try {
      return await work();
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
