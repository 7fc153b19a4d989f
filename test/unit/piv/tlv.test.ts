import { describe, expect, it } from 'vitest';
import { PivError } from '../../../shared/piv/card/errors';
import { fromHex } from '../../../shared/piv/card/hex';
import { encodeLength, encodeTlv, readTlv, readTlvList, requireTlv } from '../../../shared/piv/card/tlv';

function failure(fn: () => unknown): PivError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PivError) return error;
    throw error;
  }
  throw new Error('expected a PivError');
}

describe('BER-TLV reading', () => {
  it('reads one-byte tags with short lengths', () => {
    const list = readTlvList(fromHex('3002AABB 3400'), 'test');
    expect(list.map((t) => [t.tag, [...t.value], t.offset, t.end])).toEqual([
      [0x30, [0xaa, 0xbb], 0, 4],
      [0x34, [], 4, 6],
    ]);
  });

  it('reads multi-byte tags such as 5FC102 and long-form lengths 81, 82, 83', () => {
    expect(readTlv(fromHex('5FC10201EE'), 0, 'test')).toMatchObject({ tag: 0x5fc102, end: 5 });
    const v81 = readTlv(fromHex(`5381 80 ${'00'.repeat(0x80)}`), 0, 'test');
    expect(v81.value).toHaveLength(0x80);
    const v82 = readTlv(fromHex(`53820100${'11'.repeat(256)}`), 0, 'test');
    expect(v82.value).toHaveLength(256);
    const v83 = readTlv(fromHex(`5383000101${'22'.repeat(257)}`), 0, 'test');
    expect(v83.value).toHaveLength(257);
  });

  it('says where a declared length runs past the data (truncated)', () => {
    const error = failure(() => readTlv(fromHex('538205DC0102'), 0, 'CHUID'));
    expect(error.code).toBe('truncated-response');
    expect(error.message).toBe('CHUID: tag 53 declares 1500 bytes but only 2 remain (at byte 0 of 6)');
  });

  it('reports a cut-off tag, a missing length and a cut-off long length', () => {
    expect(failure(() => readTlv(fromHex('5FC1'), 0, 'x')).message).toMatch(/tag 5FC1 is cut off/);
    expect(failure(() => readTlv(fromHex('30'), 0, 'x')).message).toMatch(/tag 30 has no length/);
    expect(failure(() => readTlv(fromHex('3082 01'), 0, 'x')).message).toMatch(/the length of tag 30 is cut off/);
    expect(failure(() => readTlvList(fromHex('3000 30'), 'x')).message).toBe('x: tag 30 has no length (at byte 2 of 3)');
  });

  it('refuses indefinite lengths, over-long tags and over-long length fields as malformed', () => {
    expect(failure(() => readTlv(fromHex('308000'), 0, 'x'))).toMatchObject({ code: 'malformed-data', message: expect.stringMatching(/indefinite/) });
    expect(failure(() => readTlv(fromHex('5F8181810100'), 0, 'x')).message).toMatch(/longer than 3 bytes/);
    expect(failure(() => readTlv(fromHex('3084000000010A'), 0, 'x')).message).toMatch(/4-byte length field/);
  });

  it('names a missing mandatory element', () => {
    const list = readTlvList(fromHex('3000'), 'CHUID');
    expect(() => requireTlv(list, 0x34, 'CHUID', 'GUID')).toThrow('CHUID: the GUID (tag 34) is missing');
  });

  it('encodes what it reads back', () => {
    expect([...encodeLength(0x7f)]).toEqual([0x7f]);
    expect([...encodeLength(0x80)]).toEqual([0x81, 0x80]);
    expect([...encodeLength(0x1234)]).toEqual([0x82, 0x12, 0x34]);
    expect([...encodeLength(0x012345)]).toEqual([0x83, 0x01, 0x23, 0x45]);
    const value = new Uint8Array(300).fill(9);
    const tlv = readTlv(encodeTlv(0x5fc105, value), 0, 'x');
    expect(tlv.tag).toBe(0x5fc105);
    expect(tlv.value).toEqual(value);
  });
});
