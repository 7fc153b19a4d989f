// `npm run faults`: runs the fault matrix (each fault on a desk and simulator of its own) and prints
// one row per fault: what the desk said, how long the board took to match the server after the fault
// cleared, duplicated overrides, lost audit entries and unhandled errors.
import { rows as matrix } from './support/rows';
import type { FaultRow } from './support/run-fault';

const only = process.argv.slice(2).join(' ').toLowerCase();
const rows: FaultRow[] = [];
const started = Date.now();
for (const row of matrix.filter((r) => !only || r.name.toLowerCase().includes(only))) {
  process.stderr.write(`${row.name}…\n`);
  rows.push(await row.run());
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const seconds = (ms: number | undefined, none: string) => (ms === undefined ? none : `${(ms / 1000).toFixed(1)} s`);
const overrides = (r: FaultRow) => {
  const during = r.overrideDuringFault === 'accepted' ? 'allowed' : `refused (${r.overrideDuringFault})`;
  return r.overrideIntoFault === undefined ? during : `sent into it: ${r.overrideIntoFault}; after: ${during}`;
};
console.log('| fault | shown | not live after | live again after | overrides during | converged | duplicates | lost | crashed | connected while stale |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const converged = r.authFailures !== undefined
    ? `waits for the operator's new key; ${r.unconverged.length} items still shown live; ${r.authFailures} failed authentications, ${r.floodAlarms} flood alarms`
    : r.convergedMs === undefined ? `no (${r.unconverged.length} items differ: ${r.unconverged.slice(0, 2).join(', ')})` : `in ${r.convergedMs} ms`;
  const lost = `${r.lost}${r.auditChainOk ? '' : ' (audit chain broken)'}`;
  const lie = r.connectedWhileStale === 0 ? 'no' : `yes (${r.connectedWhileStale} samples)`;
  const notLive = seconds(r.notLiveAfterMs, 'never');
  const back = r.notLiveAfterMs === undefined ? (r.noticeClearedMs === undefined ? '—' : `notice cleared in ${seconds(r.noticeClearedMs, '')}`) : seconds(r.liveAgainMs, 'not seen');
  console.log(`| ${cell(r.fault)} | ${cell(r.shown ?? '(nothing shown)')} | ${notLive} | ${back} | ${cell(overrides(r))} | ${cell(converged)} | ${r.duplicates} | ${lost} | ${r.crashed} | ${lie} |`);
}
const bad = rows.filter((r) => !r.shown || r.connectedWhileStale !== 0 || (r.authFailures === undefined ? r.convergedMs === undefined : r.unconverged.length > 0 || r.floodAlarms !== 0) || r.duplicates !== 0 || r.lost !== 0 || !r.auditChainOk || r.crashed !== 0);
console.log(`\n${rows.length - bad.length} passed, ${bad.length} failed, in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(bad.length ? 1 : 0);
