import { describe, expect, it } from 'vitest';
import { faults } from './support/matrix';
import { runFault } from './support/run-fault';

// Each fault runs against a desk of its own (own simulator, own local store). Recovery times are
// measured and printed by `npm run faults`, never asserted.
describe('fault matrix', () => {
  for (const fault of faults) {
    it(`${fault.name}: shown in words, converges, no duplicate override, no lost audit entry, no crash`, async () => {
      const row = await runFault(fault);
      if (fault.notShownYet) {
        // Known gap, stated in the matrix (fault.notShownYet): the day the desk shows it, this fails and the note goes.
        expect(row.shown, fault.notShownYet).toBeUndefined();
      } else {
        expect(row.shown, 'what the desk showed').toMatch(/\w{3,}/);
      }
      expect(row.unconverged, 'items that did not match the server after the fault cleared').toEqual([]);
      expect(row.convergedMs).toBeDefined();
      expect(row.duplicates).toBe(0);
      expect(row.lost).toBe(0);
      expect(row.auditChainOk).toBe(true);
      expect(row.crashed).toBe(0);
    });
  }
});
