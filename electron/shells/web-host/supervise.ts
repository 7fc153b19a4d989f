import { fileURLToPath } from 'node:url';
import { stderrLogger } from './stderr-logger';
import { spawnHostCli, superviseHost } from './supervisor';

// `npm run web` (and `npm start` without Electron): the browser host under a supervisor that starts it
// again if it dies. Takes exactly the host CLI's arguments (see cli.ts).
const args = process.argv.slice(2);
if (args.includes('--help')) {
  await import('./cli');
} else {
  const supervisor = superviseHost({
    // Beside this file: cli.ts when run from source, cli.mjs when run from the build (out/web/host).
    spawnHost: spawnHostCli(fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './cli.ts' : './cli.mjs', import.meta.url))),
    args,
    log: stderrLogger(),
    print: (line) => console.log(line),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void supervisor.stop(signal).then((code) => process.exit(code)));
  }
  process.exit(await supervisor.ended);
}
