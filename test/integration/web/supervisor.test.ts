import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { levelledLogger, type LogFields } from '../../../electron/core/log/logger';
import { EXIT_DESK_CANNOT_START } from '../../../electron/shells/web-host/exit-codes';
import { superviseHost } from '../../../electron/shells/web-host/supervisor';

// Stand-in hosts: small Node processes that print an address line and then exit as told, so the
// supervisor's decisions (restart or not, with which arguments) are seen without a real host.

/** A host that prints its address (port 41234 unless given another) and exits with `exits[n]` on its n-th start. */
function fakeHosts(exits: (number | 'kill')[], served = true) {
  const starts: string[][] = [];
  const spawnHost = (args: string[]) => {
    const n = starts.push(args) - 1;
    const exit = exits[Math.min(n, exits.length - 1)];
    const asked = args.includes('--port') ? args[args.indexOf('--port') + 1] : '0';
    const port = asked === '0' ? '41234' : asked; // port 0: the system picks one
    const script = [
      served ? `console.log('Gatehouse is serving at http://127.0.0.1:${port}/#token=t');` : '',
      exit === 'kill' ? 'process.kill(process.pid, "SIGKILL");' : `process.exitCode = ${exit};`,
    ].join('');
    return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  };
  return { starts, spawnHost };
}

function recorder() {
  const records: LogFields[] = [];
  return { records, log: levelledLogger('debug', (r) => records.push(r)) };
}

describe('the browser host supervisor', () => {
  it('restarts a host that crashed or was killed, on the same port and without opening a second window', async () => {
    const hosts = fakeHosts([1, 'kill', 0]);
    const { records, log } = recorder();
    const printed: string[] = [];
    const supervisor = superviseHost({ ...hosts, args: ['--port', '0', '--open', '--json'], log, print: (l) => printed.push(l), restartDelayMs: () => 1 });
    expect(await supervisor.ended).toBe(0);
    expect(hosts.starts).toEqual([
      ['--port', '0', '--open', '--json'],
      ['--json', '--port', '41234'],
      ['--json', '--port', '41234'],
    ]);
    expect(records.map((r) => [r.event, r.code ?? r.signal])).toEqual([
      ['host.exited', 1],
      ['host.exited', 'SIGKILL'],
    ]);
    expect(printed).toHaveLength(3);
  });

  it('does not retry a host that fails before it ever served (a setup problem), and says so', async () => {
    const hosts = fakeHosts([1], false);
    const { records, log } = recorder();
    const supervisor = superviseHost({ ...hosts, args: [], log, print: () => undefined, restartDelayMs: () => 1 });
    expect(await supervisor.ended).toBe(1);
    expect(hosts.starts).toHaveLength(1);
    expect(records[0]).toMatchObject({ event: 'host.failed-to-start', code: 1 });
  });

  it('does not retry a host that served but whose desk could not start, as a restart would fail the same way', async () => {
    const hosts = fakeHosts([EXIT_DESK_CANNOT_START]);
    const { records, log } = recorder();
    const supervisor = superviseHost({ ...hosts, args: [], log, print: () => undefined, restartDelayMs: () => 1 });
    expect(await supervisor.ended).toBe(EXIT_DESK_CANNOT_START);
    expect(hosts.starts).toHaveLength(1);
    expect(records).toEqual([expect.objectContaining({ event: 'host.desk-cannot-start', code: EXIT_DESK_CANNOT_START })]);
  });
});
