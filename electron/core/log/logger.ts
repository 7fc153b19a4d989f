import { withoutSecrets } from './without-secrets';

/**
 * What main writes about itself for an installer or support person: one structured record per event.
 * `event` is a stable dotted name (`call.failed`, `watcher.stale`); `fields` say what happened. Nothing
 * secret goes in: callers pass descriptions (a href, an error code), never keys, PEM text or a PIN.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** For tools and tests that want no log. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A logger over one write function, dropping records below `level`. Every record passes the secret
 * filter here, so no log (the file, or JSON lines on stderr) can be handed a key by mistake.
 */
export function levelledLogger(level: LogLevel, write: (record: LogFields) => void, now: () => number = Date.now): Logger {
  const floor = LOG_LEVELS.indexOf(level);
  const at = (recordLevel: LogLevel) => (event: string, fields: LogFields = {}) => {
    if (LOG_LEVELS.indexOf(recordLevel) < floor) return;
    write(withoutSecrets({ time: new Date(now()).toISOString(), level: recordLevel, event, ...fields }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
