import { onTestFinished } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeskConfig } from '../../../electron/core/config';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import type { RunningSimulator, SimulatorOptions } from '../../../electron/simulator/index';
import type { ConnectionState } from '../../../shared/domain';
import { deskConfigFor, eventually, startTestSite } from './site';

export interface DeskOnTestSite {
  site: RunningSimulator;
  desk: Desk;
  /** Every connection state the desk reported, in order. */
  phases: ConnectionState[];
}

/**
 * The desk (the core's composition root) started on a test site of `options`, configured with
 * `config` over the site's own; both are stopped when the test ends.
 */
export async function startedDesk(options: SimulatorOptions = {}, config: Partial<DeskConfig> = {}, records?: DeskRecords): Promise<DeskOnTestSite> {
  const site = await startTestSite(options);
  const desk = new Desk({ sites: fixedSite(deskConfigFor(site, config)), records });
  onTestFinished(async () => {
    await desk.stop();
    await site.stop();
  });
  const phases: ConnectionState[] = [];
  desk.on('connection', (s) => phases.push(s));
  await desk.start();
  return { site, desk, phases };
}

/** The desk started on a test site, once it has connected. */
export async function connectedDesk(options: SimulatorOptions = {}, records?: DeskRecords): Promise<DeskOnTestSite> {
  const started = await startedDesk(options, {}, records);
  await eventually(() => started.phases.find((p) => p.phase === 'connected'), 'connected');
  return started;
}

/** The desk's local records (audit log, overrides, outbox) in a folder of the test's own, removed when it ends. */
export function deskRecordsForThisTest(): DeskRecords {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-records-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return openDeskRecords({ dir, desk: 'test desk' });
}
