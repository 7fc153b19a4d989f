import { errorWords } from '../../../shared/words/plain-words';

/**
 * One call of a screen's step in flight (settings, enrolment): busy while it runs (its button is
 * disabled, so it cannot be sent twice), and the failure's message kept until the next attempt. Main's
 * messages (DeskErrors) are written for operators already, and a file that could not be read carries
 * its own message: they are shown through the last pass of words (times, library codes, paths).
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
      this.error = errorWords(err);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
