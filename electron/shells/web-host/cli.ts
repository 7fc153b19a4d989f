import { startTrace } from '../../core/log/start-trace';
import { spawn } from 'node:child_process';
import { NIGHT_ALARMS_PER_HOUR } from '../../../shared/contract/demo';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DeskError } from '../../../shared/errors';
import { describeInternalFailure } from '../../core/internal-error';
import { defaultLogFolder, jsonLinesLog, LOG_LEVELS, type LogLevel } from '../../core/log';
import { EXIT_DESK_CANNOT_START } from './exit-codes';
import { startBrowserHost } from './host';
import type { HostDesk } from './host-desk';
import { hostToken } from './launch-token';

const usage = `Usage: npm run web -- [--port N] [--open] [--json] [--data-dir DIR] [--scenario RATE|off] [--updates-timeout MS] [--control] [--demo-items N] [--demo-version V]
       [--policy-minute MS] [--log-level debug|info|warn|error] [--log-dir DIR]
Serves Gatehouse to a browser on 127.0.0.1: the configured site, or the embedded demo site until one is set.
--control opens the demo site's unauthenticated control API on 127.0.0.1 (training, tests).
--demo-items N makes the demo site a generated site of N items of every kind (scale demos, the bench).
--demo-version V makes the demo site answer as server version V (8.00 … 9.40; before 8.30 it offers no multi-item subscriptions).
--policy-minute MS makes a minute of the sign-in policy (the idle lock) last MS milliseconds (tests).
Settings live in DIR (default: the same folder the Electron app uses, ~/.config/Gatehouse).
The log (JSON lines, rotated) goes to --log-dir (default: ~/.local/state/Gatehouse/logs).`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    open: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    scenario: { type: 'string', default: '1' },
    'updates-timeout': { type: 'string' },
    control: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'log-dir': { type: 'string' },
    'demo-items': { type: 'string' },
    'demo-version': { type: 'string' },
    'policy-minute': { type: 'string' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const rendererDir = fileURLToPath(new URL('../../../out/renderer', import.meta.url));
if (!existsSync(rendererDir)) {
  console.error(`Gatehouse: the renderer is not built (${rendererDir} is missing): run "npm run build" first.`);
  process.exit(1);
}

const rate = values.scenario === 'off' ? 0 : Number(values.scenario);
// Electron keeps its settings in ~/.config/<app name>; the browser host reads and writes the same file.
const settingsDir = values['data-dir'] ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Gatehouse');
if (!(LOG_LEVELS as readonly string[]).includes(values['log-level'])) {
  console.error(`Gatehouse: --log-level must be one of ${LOG_LEVELS.join(', ')}, not "${values['log-level']}".`);
  process.exit(2);
}
const logDir = values['log-dir'] ?? defaultLogFolder();
const logger = jsonLinesLog({ dir: logDir, level: values['log-level'] as LogLevel });
logger.info('host.starting', { settingsDir, pid: process.pid });
startTrace.attach(logger);
const token = hostToken(settingsDir);
// The page is served before the desk exists: the browser loads it while the host loads the core and
// reads the stored board (most of a cold start), and its socket is taken once the desk has started.
let started: (desk: HostDesk) => void = () => undefined;
const hostDesk = new Promise<HostDesk>((resolve) => (started = resolve));
const host = await startBrowserHost({ desk: hostDesk.then(({ desk }) => desk), rendererDir, port: Number(values.port), log: logger, token });

// Machine-readable lines for tests and scripts that drive the host: one when it serves the page, one
// when the desk has started (with the demo site's addresses when it runs on the demo site).
startTrace.mark('serving');
if (values.json) console.log(JSON.stringify({ stage: 'serving', url: host.url, origin: host.origin, pid: process.pid, settingsDir, logDir }));
else console.log(`Gatehouse is serving at ${host.url}`);
if (values.open) openInChromium(host.url);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  logger.info('host.stopping');
  await host.stop();
  await (await hostDesk).desk.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const { startHostDesk } = await import('./host-desk');
startTrace.mark('core-loaded');
try {
  const { desk, demoSite } = await startHostDesk({
    settingsDir,
    logger,
    quit: () => void shutdown(),
    ...(values['policy-minute'] ? { policyMinuteMs: Number(values['policy-minute']) } : {}),
    demo: {
      control: values.control,
      // A night's alarms, as the Electron shell's demo site (Settings → Demo site changes it).
      scenario: rate > 0 ? { ratePerSecond: rate, alarmsPerHour: NIGHT_ALARMS_PER_HOUR } : false,
      ...(values['updates-timeout'] ? { updatesTimeoutMs: Number(values['updates-timeout']) } : {}),
      ...(values['demo-items'] ? { generatedItems: Number(values['demo-items']) } : {}),
      ...(values['demo-version'] ? { version: values['demo-version'] } : {}),
    },
  });
  started({ desk, demoSite });
  startTrace.mark('desk-started');
  if (values.json) console.log(JSON.stringify({ stage: 'started', siteUrl: demoSite?.url, controlUrl: demoSite?.controlUrl }));
  else if (demoSite) console.log(`Showing the demo site ${demoSite.url}${demoSite.controlUrl ? ` (control API ${demoSite.controlUrl})` : ''}`);
  else console.log('Showing the configured site');
} catch (err) {
  // The settings folder or the local store cannot be opened: nothing can run, so say why and end.
  const failure = describeInternalFailure(err);
  logger.error('host.desk-not-started', failure.fields);
  const why = err instanceof DeskError ? err.message : `an unexpected error, reference ${failure.reference} in the log in ${logDir}`;
  console.error(`Gatehouse: the desk could not start: ${why}.`);
  process.exit(EXIT_DESK_CANNOT_START);
}

/** Opens the desk in Chromium's app mode (no browser chrome) where one is installed. */
function openInChromium(url: string) {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const browser = candidates.find((c): c is string => !!c && existsSync(c));
  if (!browser) {
    console.log('No Chromium found: open the address above in a browser.');
    return;
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.log('No display to open Chromium on: open the address above in a browser.');
    return;
  }
  const args = [`--app=${url}`, '--no-first-run', '--disable-background-networking', '--disable-sync'];
  if (process.getuid?.() === 0) args.push('--no-sandbox'); // Chromium refuses to run as root otherwise.
  const child = spawn(browser, args, { stdio: 'ignore', detached: true });
  child.on('error', (err) => console.log(`Could not open Chromium (${err.message}): open the address above.`));
  child.on('exit', (code) => {
    if (code) console.log(`Chromium closed with code ${code}: open the address above in a browser.`);
  });
  child.unref();
}
