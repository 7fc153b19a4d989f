import { settingsErrorText } from './errors';

/**
 * One settings step's call in flight: busy while it runs (its button is disabled, so it cannot be sent
 * twice), and the failure's message kept until the next attempt.
 */
export class StepAction {
  busy = $state(false);
  error = $state<string | undefined>();

  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = undefined;
    try {
      return await work();
    } catch (err) {
      this.error = settingsErrorText(err);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
