import { request } from 'undici';
import { onTestFinished } from 'vitest';
import type { RunningSimulator, SimulatorOptions } from '../../../electron/simulator/index';
import { ContractEvents } from '../../../electron/core/events';
import { SiteSession, type SessionTiming } from '../../../electron/core/site-session';
import type { BoardItem, ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import { deskConfigFor, eventually, startTestSite } from './site';

/** Short session timings for tests: quick probes and reconnects, the catalogue reloaded every few seconds. */
export const TEST_TIMING: Partial<SessionTiming> = {
  recheckMs: 2_000,
  catalogueMs: 3_000,
  probeTimeoutMs: 2_000,
  probeSpacingMs: 500,
  retry: { baseMs: 500, maxMs: 2_000 },
};

/** A site session as the desk runs it, with everything it emitted recorded. */
export function recordedSession(site: RunningSimulator, timing: Partial<SessionTiming> = TEST_TIMING) {
  const events = new ContractEvents();
  const phases: ConnectionState[] = [];
  const liveness = new Map<string, ItemLiveness>();
  const statuses = new Map<string, ItemStatus>();
  let items: BoardItem[] = [];
  events.on('connection', (s) => phases.push(s));
  events.on('status.liveness', (batch) => batch.forEach((l) => liveness.set(l.href, l)));
  events.on('status.delta', (batch) => batch.forEach((s) => statuses.set(s.href, s)));
  events.onBoard((list) => (items = [...list]));
  const session = new SiteSession(deskConfigFor(site), events, undefined, timing);
  void session.start(); // no state sink: it connects after one turn
  return {
    session,
    phases,
    liveness,
    statuses,
    get items() {
      return items;
    },
    get connection() {
      return session.connection;
    },
    stale: () => [...liveness.values()].filter((l) => l.state === 'stale'),
    isLive: (href: string) => liveness.get(href)?.state !== 'stale',
  };
}

/** Control API calls the desk's honesty tests need beyond those in site.ts. */
export type RecordedSession = ReturnType<typeof recordedSession>;

/** A test site (`options`) and the desk's recorded session on it, both stopped when the test ends. */
export async function recordedDeskOnTestSite(
  options: SimulatorOptions = {},
  timing?: Partial<SessionTiming>,
): Promise<{ site: RunningSimulator; desk: RecordedSession }> {
  const site = await startTestSite(options);
  const desk = recordedSession(site, timing);
  onTestFinished(async () => {
    await desk.session.stop();
    await site.stop();
  });
  return { site, desk };
}

/** Waits until the desk is connected with all `doors` doors on its board, each with its first (closed) status. */
export async function everyDoorLive(desk: RecordedSession, doors: number, statusMs?: number): Promise<void> {
  await eventually(() => desk.connection.phase === 'connected' && desk.items.length === doors, 'connected with every door on the board');
  await eventually(() => desk.items.every((i) => desk.statuses.get(i.href)?.flags.includes('closed')), "every door's status", statusMs);
}

export async function controlCall(site: RunningSimulator, method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  const res = await request(`${site.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`control ${method} ${path}: ${res.statusCode} ${text}`);
}
