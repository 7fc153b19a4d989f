import { describe, expect, it } from 'vitest';
import { ContractEvents, EVENT_CHUNK_ENTRIES } from '../../../electron/core/events';
import type { ItemStatus } from '../../../shared/domain';

const status = (i: number) => ({ href: `https://s/api/doors/${i}`, kind: 'door', statusFlags: [], receivedAt: 0 }) as unknown as ItemStatus;

describe('contract events reach the renderer a screen at a time', () => {
  it('splits a site-wide status delta into parts of at most a screen, in order, losing nothing', () => {
    const events = new ContractEvents();
    const parts: number[] = [];
    const hrefs: string[] = [];
    events.on('status.delta', (delta) => {
      parts.push(delta.length);
      hrefs.push(...delta.map((s) => s.href));
    });
    const all = Array.from({ length: EVENT_CHUNK_ENTRIES * 2 + 7 }, (_, i) => status(i));
    events.emit('status.delta', all);
    expect(parts).toEqual([EVENT_CHUNK_ENTRIES, EVENT_CHUNK_ENTRIES, 7]);
    expect(hrefs).toEqual(all.map((s) => s.href));
  });

  it('sends a small delta as it is', () => {
    const events = new ContractEvents();
    const seen: unknown[] = [];
    events.on('status.delta', (delta) => seen.push(delta));
    const few = [status(1), status(2)];
    events.emit('status.delta', few);
    expect(seen).toEqual([few]);
  });
});
