import { parseArgs } from 'node:util';
import { LOG_LEVELS, type LogLevel } from '../../core/log/logger';

export interface ShellArguments {
  profile: 'kiosk' | 'desk';
  logLevel: LogLevel;
}

/**
 * The Electron shell's command line: `--desk` for an ordinary window (set-up, support; the kiosk
 * profile is the default), `--log-level debug|info|warn|error` (default info). Electron and Chromium
 * switches on the same line are left alone.
 */
export function readShellArguments(argv: string[]): ShellArguments {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: { desk: { type: 'boolean', default: false }, 'log-level': { type: 'string', default: 'info' } },
  });
  const level = String(values['log-level']);
  return {
    profile: values.desk === true ? 'desk' : 'kiosk',
    logLevel: (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : 'info',
  };
}
