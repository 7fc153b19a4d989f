import { describe, expect, it } from 'vitest';
import { takeTokenFromLocation, tokenFromHash } from '../../../renderer/src/lib/desk/access-token';
import { DEFAULT_BACKOFF } from '../../../renderer/src/lib/desk/backoff';
import { backoffDelay } from '../../../shared/backoff';
import { describeIssues } from '../../../renderer/src/lib/desk/problems';

describe('reconnect back-off', () => {
  it('follows the shared rule from the link\'s first delay up to its cap', () => {
    const { firstMs, maxMs } = DEFAULT_BACKOFF;
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, firstMs, maxMs, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    // Never less than half the ceiling, so many desks that lost the host together spread out.
    expect(backoffDelay(2, firstMs, maxMs, () => 0)).toBe(2_000);
  });
});

describe('access token in the address', () => {
  it('reads #token= and ignores an empty one', () => {
    expect(tokenFromHash('#token=abc%2Fdef')).toBe('abc/def');
    expect(tokenFromHash('#token=')).toBeUndefined();
    expect(tokenFromHash('')).toBeUndefined();
  });

  it('removes the hash from the address bar, keeping path and query', () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_d: unknown, _u: string, url: string) => void replaced.push(url) };
    expect(takeTokenFromLocation({ hash: '#token=t1', pathname: '/', search: '?x=1' }, history)).toBe('t1');
    expect(replaced).toEqual(['/?x=1']);
  });

  it('keeps the token for this tab, so a reload or a restarted host needs no address again', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const history = { state: null, replaceState: () => undefined };
    expect(takeTokenFromLocation({ hash: '', pathname: '/', search: '' }, history, storage)).toBeUndefined();
    expect(takeTokenFromLocation({ hash: '#token=t1', pathname: '/', search: '' }, history, storage)).toBe('t1');
    expect(takeTokenFromLocation({ hash: '', pathname: '/', search: '' }, history, storage)).toBe('t1');
    expect(takeTokenFromLocation({ hash: '#token=t2', pathname: '/', search: '' }, history, storage)).toBe('t2');
  });
});

describe('problem wording', () => {
  it('names where a payload went wrong and how many other issues there were', () => {
    expect(describeIssues([{ path: [0, 'flags'], message: 'expected array' }, { path: [1], message: 'x' }])).toBe(
      '0.flags: expected array (and 1 more)',
    );
    expect(describeIssues([{ path: [], message: 'expected object' }])).toBe('payload: expected object');
  });
});
