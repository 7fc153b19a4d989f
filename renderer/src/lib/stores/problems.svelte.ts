/** What the client refused to apply, newest first, so the operator sees it rather than a silently wrong board. */
export interface Problem {
  at: number;
  message: string;
}

const KEEP = 20;

class ProblemStore {
  #list = $state.raw<Problem[]>([]);

  get list(): readonly Problem[] {
    return this.#list;
  }

  report = (message: string): void => {
    console.error(`Gatehouse: ${message}`);
    this.#list = [{ at: Date.now(), message }, ...this.#list].slice(0, KEEP);
  };

  dismiss(): void {
    this.#list = [];
  }
}

export const problems = new ProblemStore();
