import { describe, expect, it } from 'vitest';
import { StartTrace } from '../../../electron/core/log/start-trace';
import type { Logger } from '../../../electron/core/log';

function recordingLogger() {
  const lines: { event: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger: Logger = { debug() {}, info: (event, fields) => void lines.push({ event, fields }), warn() {}, error() {} };
  return { logger, lines };
}

describe('the start trace', () => {
  it('logs each milestone once, with the ms since the process started and the RSS then, and keeps those reached before the log is attached', () => {
    let now = 120.4;
    let rss = 101_400_000;
    const trace = new StartTrace(() => now, () => rss);
    trace.mark('serving');
    const { logger, lines } = recordingLogger();
    trace.attach(logger);
    now = 950.6;
    rss = 212_600_000;
    trace.mark('catalogue-read', { items: 9_883 });
    trace.mark('serving');
    expect(lines).toEqual([
      { event: 'start.mark', fields: { stage: 'serving', ms: 120, rssMb: 101 } },
      { event: 'start.mark', fields: { stage: 'catalogue-read', ms: 951, items: 9_883, rssMb: 213 } },
    ]);
    expect([...trace.marks()]).toEqual([['serving', 120], ['catalogue-read', 951]]);
  });
});
