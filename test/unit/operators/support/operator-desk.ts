// A desk's operator session over an in-memory local store and a card reader double, for the operators' unit tests.
import type { AuditAction } from '../../../../shared/contract/audit';
import type { CardholderMatch } from '../../../../shared/contract/directory';
import type { OperatorSession as SessionState } from '../../../../shared/contract/operators';
import { DeskError } from '../../../../shared/errors';
import { CardRefused } from '../../../../electron/core/piv/sign-in/card-refused';
import { LocalStore } from '../../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../../electron/core/offline/registry';
import type { CardAuthenticator } from '../../../../electron/core/operators/card-authenticator';
import { OperatorSession } from '../../../../electron/core/operators/operator-session';
import { RosterChanges } from '../../../../electron/core/operators/roster-changes';
import { RosterStore } from '../../../../electron/core/operators/roster-store';

export const ada: CardholderMatch = { href: 'https://s/api/cardholders/101', id: '101', name: 'Ada Guard' };
export const bo: CardholderMatch = { href: 'https://s/api/cardholders/102', id: '102', name: 'Bo Night' };
export const adaCard = { cardId: 'D4E739DA73', label: 'PIV · agency 1234 · card 000042' };
export const boCard = { cardId: 'D4E739DA99', label: 'PIV · agency 1234 · card 000099' };

/** A card reader test double: `inReader` is the card present; its PIN is 123456. */
function cardsWith(state: { inReader?: { cardId: string; label: string } }): CardAuthenticator {
  return {
    async identify() {
      if (!state.inReader) throw new CardRefused('no-card', 'There is no card in any reader: insert one');
      return state.inReader;
    },
    async authenticate({ pin, reader }) {
      if (!state.inReader) throw new CardRefused('no-card', 'There is no card in any reader: insert one');
      const card = { subject: `CN=${state.inReader.label}`, serial: `5E${state.inReader.cardId}` };
      if (pin !== '123456') throw new CardRefused('wrong-pin', 'Wrong PIN: 4 tries left before the card locks', card);
      return { ...state.inReader, ...card, reader: reader ?? 'Demo reader' };
    },
  };
}

export function desk(options: { profile?: 'kiosk' | 'desk'; store?: LocalStore; clock?: { now: number } } = {}) {
  const store = options.store ?? LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const reader = { inReader: undefined as { cardId: string; label: string } | undefined };
  const removed = new Set<(reader: string) => void>();
  const inserted = new Set<(reader: string) => void>();
  const records: AuditAction[] = [];
  const sessions: SessionState[] = [];
  const cards = cardsWith(reader);
  const session = new OperatorSession({
    roster: new RosterStore(store),
    profile: options.profile ?? 'desk',
    cards,
    presence: { onRemoved: (l) => (removed.add(l), () => removed.delete(l)), onInserted: (l) => (inserted.add(l), () => inserted.delete(l)), insertion: () => 1 },
    record: (a) => records.push(a),
    refusedSince: () => [],
    changed: (s) => sessions.push(s),
    ...(options.clock ? { now: () => options.clock!.now } : {}),
  });
  const roster = new RosterChanges(session, { cards, record: (a) => records.push(a) });
  const takeOut = (name = 'Demo reader') => removed.forEach((l) => l(name));
  const putIn = (name = 'Demo reader') => inserted.forEach((l) => l(name));
  return { store, session, roster, reader, records, sessions, takeOut, putIn };
}

export async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<DeskError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (err) {
    if (err instanceof DeskError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}
