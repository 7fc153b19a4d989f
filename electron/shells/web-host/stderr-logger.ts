import { levelledLogger, type Logger, type LogLevel } from '../../core/log/logger';

/** The supervisor's log: one JSON record a line on stderr (the host itself writes the JSON-lines log file). */
export function stderrLogger(level: LogLevel = 'info'): Logger {
  return levelledLogger(level, (record) => process.stderr.write(`${JSON.stringify(record)}\n`));
}
