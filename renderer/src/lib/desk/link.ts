/**
 * What a link gives the desk client: raw call replies and raw events, plus the state of the link
 * between this window and main. Nothing here is trusted yet; the client validates everything.
 */
export type LinkPhase = 'connecting' | 'open' | 'reconnecting';

export interface LinkState {
  phase: LinkPhase;
  /** When this phase began (ms since the epoch). */
  since: number;
  /** When the next attempt is due (ms since the epoch), while reconnecting. */
  nextAttemptAt?: number;
  /** Why the link is not open, in words for the operator. */
  reason?: string;
}

export interface Link {
  /** Sends one call; resolves to the reply envelope (unvalidated) or rejects when the link failed. */
  request(name: string, params: unknown): Promise<unknown>;
  /** Every event main sends, unvalidated. Returns an unsubscribe function. */
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
  /** Called now with the current link state and again on every change. Returns an unsubscribe function. */
  onLink(listener: (state: LinkState) => void): () => void;
}
