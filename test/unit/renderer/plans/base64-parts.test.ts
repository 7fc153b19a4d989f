import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, partsOf, readAllParts } from '../../../../renderer/src/plans/lib/base64-parts';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 256);

describe('plan parts', () => {
  it('round-trips bytes through Base64, as Node encodes them', () => {
    const data = bytes(100_000);
    const text = bytesToBase64(data);
    expect(text).toBe(Buffer.from(data).toString('base64'));
    expect(Buffer.from(base64ToBytes(text)).equals(Buffer.from(data))).toBe(true);
  });

  it('splits a file into parts of at most the part size', () => {
    const parts = [...partsOf(bytes(1_000), 300)];
    expect(parts.map((p) => p.length)).toEqual([300, 300, 300, 100]);
    expect([...partsOf(new Uint8Array(0), 300)].map((p) => p.length)).toEqual([0]);
  });

  it('reads parts until main says done and puts them back together', async () => {
    const data = bytes(1_000);
    const offsets: number[] = [];
    const whole = await readAllParts(async (offset) => {
      offsets.push(offset);
      const part = data.subarray(offset, offset + 256);
      return { base64: bytesToBase64(part), done: offset + 256 >= data.length };
    }, 10_000);
    expect(offsets).toEqual([0, 256, 512, 768]);
    expect(whole).toEqual(data);
  });

  it('refuses an answer that never ends or grows past the limit', async () => {
    await expect(readAllParts(async () => ({ base64: '', done: false }), 10_000)).rejects.toThrow('an empty part before the end');
    await expect(readAllParts(async () => ({ base64: bytesToBase64(bytes(600)), done: false }), 1_000)).rejects.toThrow(/more than/);
  });
});
