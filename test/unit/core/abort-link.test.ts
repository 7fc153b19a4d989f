import { describe, expect, it } from 'vitest';
import { abortLink } from '../../../electron/core/api/abort-link';

describe('abortLink', () => {
  it('aborts when any source aborts, and at once when one already has', () => {
    const a = new AbortController();
    const b = new AbortController();
    const link = abortLink([a.signal, b.signal]);
    expect(link.signal.aborted).toBe(false);
    b.abort();
    expect(link.signal.aborted).toBe(true);
    expect(abortLink([b.signal]).signal.aborted).toBe(true);
  });

  it('leaves nothing on a long-lived source once released (AbortSignal.any on Node 20 does)', () => {
    const lifetime = new AbortController();
    let listeners = 0;
    const add = lifetime.signal.addEventListener.bind(lifetime.signal);
    const remove = lifetime.signal.removeEventListener.bind(lifetime.signal);
    lifetime.signal.addEventListener = (...args: Parameters<typeof add>) => (listeners++, add(...args));
    lifetime.signal.removeEventListener = (...args: Parameters<typeof remove>) => (listeners--, remove(...args));
    for (let i = 0; i < 1_000; i++) {
      const link = abortLink([lifetime.signal, new AbortController().signal]);
      link.release();
    }
    expect(listeners).toBe(0);
    // A released link no longer follows its sources.
    const released = abortLink([lifetime.signal]);
    released.release();
    lifetime.abort();
    expect(released.signal.aborted).toBe(false);
  });
});
