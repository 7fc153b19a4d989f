// A desk in a process of its own, for the row that kills it with SIGKILL: `tsx desk-child.ts <settings
// folder> <config.json>`. Reads one JSON request a line on stdin, answers one JSON line on stdout.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Desk } from '../../../electron/core/desk';
import { openDeskRecords } from '../../../electron/core/offline/desk-records';
import type { DeskConfig } from '../../../electron/core/config';
import { unpackPart } from '../../../shared/contract/board-packing';

const [dir, configFile] = process.argv.slice(2);
if (!dir || !configFile) throw new Error('usage: desk-child.ts <settings folder> <config.json>');
const config = JSON.parse(readFileSync(configFile, 'utf8')) as DeskConfig;
const say = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
// Counted, and the process goes on: the row reports unhandled errors as crashes.
process.on('unhandledRejection', (err) => say({ unhandled: String(err) }));
process.on('uncaughtException', (err) => say({ unhandled: String(err) }));

const records = openDeskRecords({ dir, desk: 'fault child' });
const desk = new Desk({ sites: { open: async () => ({ config, close: async () => undefined }) }, records });
void desk.start().catch(() => undefined);

type Request = { id: number; call: 'board' | 'override' | 'audit' | 'stop' };

async function answer(request: Request): Promise<unknown> {
  switch (request.call) {
    case 'board':
      return unpackPart(await desk.handle('board.get', {}));
    case 'override': {
      const door = (await desk.handle('board.get', {})).items.find((i) => i.kind === 'door');
      if (!door) return 'no door on the board';
      return desk.handle('item.command', { href: door.href, command: 'open' }).then(
        () => 'accepted',
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
    }
    case 'audit':
      return { overrides: records.audit.matching({ kinds: ['override'] }).length, chainOk: records.audit.check().ok };
    case 'stop':
      await desk.stop();
      setImmediate(() => process.exit(0));
      return 'stopped';
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line) as Request;
  answer(request).then(
    (result) => say({ id: request.id, result }),
    (err: unknown) => say({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
say({ ready: true });
