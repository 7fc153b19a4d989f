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
    const view = describeConnection(server({ phase: 'reconnecting', since: since + 7_000, nextAttemptAt: since + 14_000, reason: 'Timed out' }), open, since + 7_000);
    // Since when the board is not live, to the second: a guard knows which seconds the board missed.
    expect(view).toMatchObject({ phase: 'reconnecting', headline: 'Not live since 12:03:07', live: false });
    expect(view.detail).toBe('Timed out — reconnecting, next try in 7 s');
  });

  it('says it is trying now once the next attempt is due, or when main gave no time', () => {
    const due = server({ phase: 'reconnecting', nextAttemptAt: since + 1_000 });
    expect(describeConnection(due, open, since + 5_000).detail).toMatch(/— reconnecting, trying now…$/);
    expect(describeConnection(server({ phase: 'reconnecting' }), open, since)).toMatchObject({
      headline: 'Not live since 12:03:00',
      detail: 'Lost the connection to the server — reconnecting, trying now…',
    });
  });

  it('says since when the desk has been offline', () => {
    expect(describeConnection(server({ phase: 'offline', reason: 'Certificate changed' }), open, since + 60_000)).toMatchObject({
      phase: 'offline',
      headline: 'Offline since 12:03',
      detail: 'Certificate changed',
    });
  });

  it('counts the items not live while connected: each is its own tile\'s problem, the board stays live', () => {
    const view = describeConnection(server({ staleItems: 3 }), open, since);
    expect(view).toMatchObject({ phase: 'connected', headline: 'Connected to 127.0.0.1', live: true, notLiveItems: 3 });
    expect(view.detail).toMatch(/about 3 items; each says why on its tile/);
    expect(describeConnection(server({ staleItems: 1 }), open, since).detail).toMatch(/about 1 item;/);
    expect(describeConnection(server({}), open, since).notLiveItems).toBe(0);
  });

  it('keeps the board live while the server is slow, and says how slow on a badge', () => {
    const view = describeConnection(server({ reason: 'The server is slow: answers take about 5 s', slowMs: 5_200 }), open, since);
    expect(view).toMatchObject({ phase: 'connected', live: true, slow: 'Slow server: about 5 s an answer' });
    expect(view.detail).toBeUndefined();
    expect(describeConnection(server({ reason: 'The server is slow: answers take about 5 s', slowMs: 5_200, staleItems: 2 }), open, since).detail).toMatch(/about 2 items/);
    expect(describeConnection(server({}), open, since).slow).toBeUndefined();
  });

  it('says when a refused key will be tried again, once', () => {
    const view = describeConnection(server({ phase: 'offline', reason: 'The server refused the API key.', nextAttemptAt: since + 60_000 }), open, since);
    expect(view.detail).toBe('The server refused the API key. One more attempt at 12:04.');
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
