import { describe, expect, it } from 'vitest';
import { REFUSAL_BURST } from '../../electron/core/api/refusal-budget';
import { rows } from './support/rows';

// Each fault runs against a desk of its own (own simulator, own local store). Recovery times are
// measured and printed by `npm run faults`, never asserted. `npm run test:faults` runs it alone; `npm test`
// runs it after the integration tests.
describe('fault matrix', () => {
  for (const fault of rows) {
    it(`${fault.name}: shown in words, converges, no duplicate override, no lost audit entry, no crash, never Connected while stale`, async () => {
      const row = await fault.run();
      expect(row.shown, 'what the desk showed').toMatch(/\w{3,}/);
      if (fault.waitsForOperator) {
        // Until the operator acts: every item stale (unconverged lists those still shown live), no flood alarm,
        // and no more refusals than the requests the desk sends on trust and its one key check (see
        // RefusalBudget); the next attempt is a back-off window away (the first is a minute).
        expect(row.unconverged, 'items still shown live').toEqual([]);
        expect(row.authFailures).toBeGreaterThanOrEqual(1);
        expect(row.authFailures).toBeLessThanOrEqual(REFUSAL_BURST + 1);
        expect(row.floodAlarms).toBe(0);
      } else {
        expect(row.unconverged, 'items that did not match the server after the fault cleared').toEqual([]);
        expect(row.convergedMs).toBeDefined();
      }
      expect(row.duplicates).toBe(0);
      expect(row.lost).toBe(0);
      expect(row.auditChainOk).toBe(true);
      expect(row.crashed).toBe(0);
      expect(row.connectedWhileStale, 'samples at which the bar said Connected while an item was stale').toBe(0);
      if (fault.staysLive) {
        // Slow is not down: never not live, the override during it taken, the slowness said and then unsaid.
        expect(row.notLiveAfterMs, 'time until the desk said not live').toBeUndefined();
        expect(row.overrideDuringFault).toBe('accepted');
        expect(row.shown).toMatch(/^connected: The server is slow/);
        expect(row.noticeClearedMs, 'the slowness notice cleared').toBeDefined();
      }
      if (fault.admitsHang) {
        // Said by the heartbeat (its words), not by a poll's due time; measured, printed by npm run faults.
        expect(row.notLiveAfterMs, 'time until the desk said not live').toBeDefined();
        expect(row.shown).toMatch(/stopped answering: it may have hung, or the network to it is down/);
      }
      if (row.overrideIntoFault !== undefined) {
        // Sent into the hang before the desk could know: never reported done, never sent again (duplicates above).
        expect(row.overrideIntoFault).toMatch(/may still carry it out/);
        expect(row.overrideDuringFault).toMatch(/^Not connected to the server: the command was not sent/);
      }
    });
  }
});
