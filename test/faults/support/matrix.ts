import type { RunningSimulator } from '../../../electron/simulator/index';
import { deskConfigFor } from './site';
import { FaultBench } from './harness';

/** One fault the desk must ride out: how to make it, how long to hold it, how to end it. */
export interface Fault {
  name: string;
  inject(bench: FaultBench): Promise<void>;
  /** Ends the fault (for a one-off fault such as a restart, nothing). */
  clear(bench: FaultBench): Promise<void>;
  /** How long the fault is held before it is cleared, at most (it ends early once the desk has shown it). */
  holdMs: number;
  /** What the desk shows for this fault, where it is not the connection bar (a tile's status words). */
  shownOnBoard?: RegExp;
  /** Held for all of `holdMs` even once shown (a slow server: the desk must still be live at the end). */
  fullHold?: boolean;
  /** The desk must stay live through it and take the override tried during it (slow is not down). */
  staysLive?: boolean;
  /** The server unreachable or hung: the desk must say the board is not live (the heartbeat's doing). */
  admitsHang?: boolean;
  /**
   * A refusal that only the operator can end (a revoked key needs the new one entered in Settings):
   * the row checks the desk stops asking instead of checking convergence.
   */
  waitsForOperator?: boolean;
}


const allLicences = ['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV'];
const deskGroup = 'og-desk';
const deskPrivileges = ['View Site', 'Override', 'Override - Open Door', 'Maintenance Override', 'Delegate API Activity', 'Run Macros', 'Manage Cardholder Location', 'Modify Passenger Details', 'View Cardholders', 'Edit Cardholders', 'Create Cardholders'];

/** Starts a new server behind the same address: same origin, another certificate (and another world). */
async function replaceServer(bench: FaultBench): Promise<RunningSimulator> {
  bench.overridesAtReplacedSites = await bench.overridesAtServer();
  await bench.site.stop();
  bench.site = await FaultBench.startSite(bench.proxy);
  bench.proxy.resetAll();
  return bench.site;
}

export const faults: Fault[] = [
  { name: 'listener restart', holdMs: 1_000, inject: (b) => b.site.control.restart(), clear: async () => undefined },
  { name: 'all connections dropped', holdMs: 1_000, inject: async (b) => b.site.control.dropConnections(), clear: async () => undefined },
  // Every answer 5 s late, held long enough that an outage called late would show (it was called at ~24 s).
  {
    name: '5 s latency, overrides allowed',
    holdMs: 26_000,
    fullHold: true,
    staysLive: true,
    inject: async (b) => b.site.control.setFaults({ latencyMs: 5_000 }),
    clear: async (b) => b.site.control.clearFaults(),
  },
  { name: 'burst of 5xx', holdMs: 3_000, inject: async (b) => b.site.control.setFaults({ serverError: { status: 503, count: 30 } }), clear: async (b) => b.site.control.clearFaults() },
  { name: 'malformed JSON', holdMs: 3_000, inject: async (b) => b.site.control.setFaults({ malformedJson: { count: 10 } }), clear: async (b) => b.site.control.clearFaults() },
  // Accepted and never answered: the simulator's longest latency holds each request two minutes.
  { name: 'requests black-holed', holdMs: 15_000, inject: async (b) => b.site.control.setFaults({ latencyMs: 120_000 }), clear: async (b) => b.site.control.clearFaults() },
  // The network between desk and server, through the row's TCP proxy.
  { name: 'network: every connection reset', holdMs: 4_000, inject: async (b) => b.proxy.set('drop'), clear: async (b) => b.proxy.set('pass') },
  { name: 'network: black hole', holdMs: 15_000, admitsHang: true, inject: async (b) => b.proxy.set('black-hole'), clear: async (b) => b.proxy.set('pass') },
  { name: 'network: 5 s round trip', holdMs: 15_000, inject: async (b) => b.proxy.set('pass', 2_500), clear: async (b) => b.proxy.set('pass', 0) },
  {
    name: 'controller offline and back',
    holdMs: 3_000,
    shownOnBoard: /offline|not communicating|controller/i,
    inject: async (b) => b.site.control.setControllerOnline('ctl-north', false),
    clear: async (b) => b.site.control.setControllerOnline('ctl-north', true),
  },
  {
    name: 'licences removed and restored',
    holdMs: 4_000,
    inject: async (b) => b.site.control.setLicences(['RESTCardholders', 'PIV']),
    clear: async (b) => b.site.control.setLicences(allLicences),
  },
  {
    name: 'operator privileges reduced (after refresh)',
    holdMs: 3_000,
    inject: async (b) => {
      b.site.control.setOperatorGroup(deskGroup, { privileges: ['View Site'] });
      b.site.control.refreshRestClient('rc-gatehouse');
    },
    clear: async (b) => {
      b.site.control.setOperatorGroup(deskGroup, { privileges: deskPrivileges });
      b.site.control.refreshRestClient('rc-gatehouse');
    },
  },
  {
    name: '401 mid-session (key revoked)',
    holdMs: 5_000,
    waitsForOperator: true,
    // Mid-session: a desk that has run a few seconds, its renewals spread over the server's hold
    // (the test site holds a second) as on any desk that has run a minute. A burst of renewals in
    // step (start-up, a change to many items) is the refusal budget's case, tested on its own.
    inject: async (b) => {
      await new Promise((r) => setTimeout(r, 3_000));
      b.site.control.revokeKey('rc-gatehouse');
    },
    clear: async () => undefined,
  },
  {
    // Clears only when the operator confirms the new certificate in Settings: never by itself.
    name: 'server certificate changed',
    holdMs: 4_000,
    inject: async (b) => void (await replaceServer(b)),
    clear: async (b) => {
      b.source.config = deskConfigFor(b.site);
      await b.desk.handle('site.connect', { site: 'auto' });
    },
  },
];
