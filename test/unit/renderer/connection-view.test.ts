import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/domain';
import { describeConnection } from '../../../renderer/src/lib/connection/describe';
import type { LinkState } from '../../../renderer/src/lib/desk/link';

const open: LinkState = { phase: 'open', since: 0 };
const since = new Date(2026, 10, 21, 12, 3).getTime();
const server = (extra: Partial<ConnectionState>): ConnectionState => ({
  phase: 'connected',
  since,
  origin: 'https://127.0.0.1:8443',
  demo: false,
  features: [],
  staleItems: 0,
  ...extra,
});

describe('connection bar wording', () => {
  it('is live only when the link is open and main is connected to the server', () => {
    expect(describeConnection(server({}), open, since)).toMatchObject({ phase: 'connected', live: true });
    expect(describeConnection(undefined, open, since)).toMatchObject({ phase: 'connecting', live: false });
  });

  it('does not call the desk connected on a reopened link until main has reported again', () => {
    expect(describeConnection(server({}), open, since, false)).toMatchObject({ phase: 'connecting', live: false });
  });

  it('counts down to the server reconnect and gives the reason', () => {
    const view = describeConnection(server({ phase: 'reconnecting', nextAttemptAt: since + 7_000, reason: 'Timed out' }), open, since);
    expect(view).toMatchObject({ phase: 'reconnecting', headline: 'Reconnecting — next try in 7 s', live: false });
    expect(view.detail).toBe('Timed out (since 12:03)');
  });

  it('says it is trying now once the next attempt is due, or when main gave no time', () => {
    const due = server({ phase: 'reconnecting', nextAttemptAt: since + 1_000 });
    expect(describeConnection(due, open, since + 5_000).headline).toBe('Reconnecting — trying now…');
    expect(describeConnection(server({ phase: 'reconnecting' }), open, since).headline).toBe('Reconnecting — trying now…');
  });

  it('says since when the desk has been offline', () => {
    expect(describeConnection(server({ phase: 'offline', reason: 'Certificate changed' }), open, since + 60_000)).toMatchObject({
      phase: 'offline',
      headline: 'Offline since 12:03',
      detail: 'Certificate changed',
    });
  });

  it('lets a dropped link to main override a server connection that was up', () => {
    const link: LinkState = { phase: 'reconnecting', since, nextAttemptAt: since + 2_000, reason: 'Lost the link to the Gatehouse host' };
    expect(describeConnection(server({}), link, since)).toMatchObject({
      phase: 'reconnecting',
      headline: 'Reconnecting — next try in 2 s',
      live: false,
    });
  });
});
