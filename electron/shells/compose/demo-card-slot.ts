import { randomInt } from 'node:crypto';
import type { DemoCardSlot } from '../../core/enrolment/card-readers';
import type { DemoPivReader } from './demo-reader';

/**
 * The demo reader's "insert a card" control: each insert issues a new virtual card with a FASC-N of
 * its own (a fresh credential number for PIV, a fresh person identifier for PIV-I), so a demo can enrol
 * one card after another without meeting its own earlier cards.
 */
export function demoCardSlot(reader: DemoPivReader): DemoCardSlot {
  return {
    async insert(kind) {
      const fascn =
        kind === 'piv'
          ? `4700-0256-${digits(6)}-111234567890199991`
          : `9999-9999-999999-01${digits(10)}300001`;
      await reader.insertNewCard(kind, { fascn, holder: kind === 'piv' ? 'Demo PIV cardholder' : 'Demo PIV-I cardholder' });
    },
    remove: () => reader.remove(),
  };
}

function digits(n: number): string {
  return Array.from({ length: n }, () => String(randomInt(10))).join('');
}
