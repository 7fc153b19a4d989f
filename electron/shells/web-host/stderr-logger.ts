import { levelledLogger, type Logger, type LogLevel } from '../../core/log/logger';

/** The browser host CLI's log: one JSON record a line on stderr, so stdout stays the address line. */
export function stderrLogger(level: LogLevel = 'info'): Logger {
  return levelledLogger(level, (record) => process.stderr.write(`${JSON.stringify(record)}\n`));
}
