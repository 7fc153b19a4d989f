import { describe, expect, it } from 'vitest';
import { decodeFascn, encodeFascn, fascnFromDigits, fascnToDigits } from '../../../shared/piv/card/fascn';
import { fromHex, toHex } from '../../../shared/piv/card/hex';

// The FASC-N of the widely published PIV-I test credential: 9999-9999-999999-0-1-0000000000-3-0000-1.
const PIV_I_SAMPLE = 'D4E739DA739CED39CE739D836858210842108421C84210C3EB';

describe('FASC-N 5-bit BCD decoding', () => {
  it('decodes a published sample into its fields', () => {
    expect(decodeFascn(fromHex(PIV_I_SAMPLE))).toEqual({
      agencyCode: '9999',
      systemCode: '9999',
      credentialNumber: '999999',
      credentialSeries: '0',
      individualCredentialIssue: '1',
      personIdentifier: '0000000000',
      organizationalCategory: '3',
      organizationalIdentifier: '0000',
      personOrganizationAssociation: '1',
    });
  });

  it('reads the start sentinel and first digit bit by bit', () => {
    // D4 E7 = 11010 10011 100…: SS (1101 + parity 0), then 9 (1001 reversed → 1001 + parity 1).
    const fields = decodeFascn(fromHex(PIV_I_SAMPLE));
    expect(fields.agencyCode[0]).toBe('9');
  });

  it('encodes the 32 digits back to the same 25 bytes', () => {
    const digits = fascnToDigits(decodeFascn(fromHex(PIV_I_SAMPLE)));
    expect(digits).toBe('99999999999999010000000000300001');
    expect(toHex(encodeFascn(fascnFromDigits(digits)))).toBe(PIV_I_SAMPLE);
  });

  it('round-trips the spec example 4700-0256-001337-111234567890199991', () => {
    const fascn = fascnFromDigits('4700-0256-001337-111234567890199991');
    expect(fascn).toMatchObject({ agencyCode: '4700', systemCode: '0256', credentialNumber: '001337', personIdentifier: '1234567890' });
    expect(decodeFascn(encodeFascn(fascn))).toEqual(fascn);
  });

  it('rejects a wrong length, a parity error and a bad LRC, naming the fault', () => {
    expect(() => decodeFascn(fromHex('D4E7'))).toThrow(/must be 25 bytes, found 2/);
    const parity = fromHex(PIV_I_SAMPLE);
    parity[0] ^= 0x08; // flips the parity bit of the start sentinel
    expect(() => decodeFascn(parity)).toThrow(/character 1 fails its odd parity check/);
    const lrc = fromHex(PIV_I_SAMPLE);
    lrc[24] ^= 0x1e; // flips two data bits of the LRC, parity intact
    expect(() => decodeFascn(lrc)).toThrow(/longitudinal redundancy check does not match/);
  });

  it('rejects a separator where a digit belongs, and a missing field separator', () => {
    const good = [0xb, 4, 7, 0, 0, 0xd, 0, 2, 5, 6, 0xd, 0, 0, 1, 3, 3, 7, 0xd, 1, 0xd, 1, 0xd, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 9, 9, 9, 9, 1, 0xf];
    expect(fascnToDigits(decodeFascn(pack(good)))).toBe('47000256001337111234567890199991');
    const separatorInAgency = [...good];
    separatorInAgency[2] = 0xd;
    expect(() => decodeFascn(pack(separatorInAgency))).toThrow('the agencyCode holds a non-digit character');
    const digitForSeparator = [...good];
    digitForSeparator[5] = 0;
    expect(() => decodeFascn(pack(digitForSeparator))).toThrow('character 6 should be a field separator');
  });
});

/** The test's own packing of 39 characters + LRC: 4 data bits LSB first, then odd parity, MSB first. */
function pack(chars: number[]): Uint8Array {
  const all = [...chars, chars.reduce((x, c) => x ^ c, 0)];
  const bits = all.flatMap((c) => {
    const data = [c & 1, (c >> 1) & 1, (c >> 2) & 1, (c >> 3) & 1];
    const ones = data.reduce((n, b) => n + b, 0);
    return [...data, ones % 2 === 0 ? 1 : 0];
  });
  const bytes = new Uint8Array(25);
  bits.forEach((bit, i) => (bytes[i >> 3] |= bit << (7 - (i % 8))));
  return bytes;
}
