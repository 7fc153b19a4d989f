import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { levelledLogger, type LogFields, type Logger, type LogLevel } from './logger';

export interface JsonLinesLogOptions {
  dir: string;
  level: LogLevel;
  /** Rotate when the current file would pass this size; default 5 MiB. */
  maxBytes?: number;
  /** Rotated files kept beside the current one (gatehouse.1.log … gatehouse.N.log); default 5. */
  keep?: number;
  /** Where a record that cannot be written is reported instead (the log must never take main down). */
  fallback?: (line: string) => void;
  now?: () => number;
}

export const LOG_FILE_NAME = 'gatehouse.log';

/**
 * One structured log for an installer or support person: JSON lines in `dir`, rotated by size, the
 * newest `keep` rotations kept. Writes are synchronous appends: records are few (connections, failures,
 * actions), and a record written just before a crash is the one support needs most.
 */
export function jsonLinesLog(options: JsonLinesLogOptions): Logger {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = options.keep ?? 5;
  const current = join(options.dir, LOG_FILE_NAME);
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  let size = existsSync(current) ? statSync(current).size : 0;

  const rotate = () => {
    rmSync(rotated(options.dir, keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) {
      const from = rotated(options.dir, n);
      if (existsSync(from)) renameSync(from, rotated(options.dir, n + 1));
    }
    if (keep > 0) renameSync(current, rotated(options.dir, 1));
    else rmSync(current, { force: true });
    size = 0;
  };

  const write = (record: LogFields) => {
    // levelledLogger has already taken every secret out of the record.
    const line = `${JSON.stringify(record)}\n`;
    try {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(current, line, { mode: 0o600 });
      size += bytes;
    } catch (err) {
      (options.fallback ?? ((l: string) => process.stderr.write(l)))(
        `${JSON.stringify({ level: 'error', event: 'log.unwritable', reason: (err as Error).message })}\n${line}`,
      );
    }
  };
  return levelledLogger(options.level, write, options.now);
}

export function rotated(dir: string, n: number): string {
  return join(dir, `gatehouse.${n}.log`);
}
