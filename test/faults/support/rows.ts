import { hungServerFault, runHungServer } from './hung-server';
import { killedHostFault, runKilledHost } from './killed-host';
import { faults } from './matrix';
import { runFault, type FaultRow } from './run-fault';

/** Every row of the matrix: the faults a desk in this process rides out, then the host killed and restarted. */
export const rows: Array<{ name: string; waitsForOperator?: boolean; staysLive?: boolean; admitsHang?: boolean; run(): Promise<FaultRow> }> = [
  ...faults.map((fault) => ({ name: fault.name, waitsForOperator: fault.waitsForOperator, staysLive: fault.staysLive, admitsHang: fault.admitsHang, run: () => runFault(fault) })),
  { name: hungServerFault, admitsHang: true, run: runHungServer },
  { name: killedHostFault, run: runKilledHost },
];
