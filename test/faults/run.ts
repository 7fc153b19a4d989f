// `npm run faults`: runs the fault matrix (each fault on a desk and simulator of its own) and prints
// one row per fault: what the desk said, how long the board took to match the server after the fault
// cleared, duplicated overrides, lost audit entries and unhandled errors.
import { faults } from './support/matrix';
import { runFault, type FaultRow } from './support/run-fault';

const only = process.argv.slice(2).join(' ').toLowerCase();
const rows: FaultRow[] = [];
for (const fault of faults.filter((f) => !only || f.name.toLowerCase().includes(only))) {
  process.stderr.write(`${fault.name}…\n`);
  rows.push(await runFault(fault));
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
console.log('| fault | shown | converged | duplicates | lost | crashed |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const converged = r.authFailures !== undefined
    ? `waits for the operator's new key; ${r.unconverged.length} items still shown live; ${r.authFailures} failed authentications, ${r.floodAlarms} flood alarms`
    : r.convergedMs === undefined ? `no (${r.unconverged.length} items differ: ${r.unconverged.slice(0, 2).join(', ')})` : `in ${r.convergedMs} ms`;
  const lost = `${r.lost}${r.auditChainOk ? '' : ' (audit chain broken)'}`;
  console.log(`| ${cell(r.fault)} | ${cell(r.shown ?? '(nothing shown)')} | ${cell(converged)} | ${r.duplicates} | ${lost} | ${r.crashed} |`);
}
const bad = rows.filter((r) => !r.shown || (r.authFailures === undefined ? r.convergedMs === undefined : r.unconverged.length > 0 || r.floodAlarms !== 0) || r.duplicates !== 0 || r.lost !== 0 || !r.auditChainOk || r.crashed !== 0);
console.log(`\n${rows.length - bad.length} passed, ${bad.length} failed`);
process.exit(bad.length ? 1 : 0);
