import { PivError } from '../../../shared/piv/card/errors';
import { swHex } from '../../../shared/piv/card/hex';
import { concatBytes } from '../../../shared/piv/card/tlv';

/**
 * Command and response APDUs (ISO 7816-4): short form (Lc/Le of one byte, Le 00 = 256) and
 * extended form (Lc/Le of two bytes after a 00 marker, Le 0000 = 65536).
 */

export interface CommandApdu {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data?: Uint8Array;
  /** Expected response length; 0 asks for "as much as there is" (256 short, 65536 extended). */
  le?: number;
}

export type ApduLength = 'short' | 'extended';

export interface ResponseApdu {
  data: Uint8Array;
  sw: number;
}

export const SW_OK = 0x9000;
export const SW_FILE_NOT_FOUND = 0x6a82;
export const SW_SECURITY_NOT_SATISFIED = 0x6982;
export const SW_AUTH_BLOCKED = 0x6983;

const SHORT_MAX = 255;

export function encodeCommand(command: CommandApdu, form: ApduLength = 'short'): Uint8Array {
  const header = Uint8Array.of(command.cla, command.ins, command.p1, command.p2);
  const data = command.data ?? new Uint8Array(0);
  const extended = form === 'extended' || data.length > SHORT_MAX;
  const parts: Uint8Array[] = [header];
  if (extended) {
    if (data.length > 0xffff) throw new RangeError(`APDU data of ${data.length} bytes is too long`);
    if (data.length > 0) parts.push(Uint8Array.of(0x00, data.length >> 8, data.length & 0xff), data);
    if (command.le !== undefined) {
      const le = command.le & 0xffff;
      parts.push(data.length > 0 ? Uint8Array.of(le >> 8, le & 0xff) : Uint8Array.of(0x00, le >> 8, le & 0xff));
    }
  } else {
    if (data.length > 0) parts.push(Uint8Array.of(data.length), data);
    if (command.le !== undefined) parts.push(Uint8Array.of(command.le & 0xff));
  }
  return concatBytes(...parts);
}

export function decodeResponse(bytes: Uint8Array): ResponseApdu {
  if (bytes.length < 2) {
    throw new PivError('truncated-response', `The card answered ${bytes.length} byte(s), too short to hold a status word`);
  }
  const n = bytes.length;
  return { data: bytes.subarray(0, n - 2), sw: (bytes[n - 2] << 8) | bytes[n - 1] };
}

/** A short explanation of a status word for error messages. */
export function describeStatusWord(sw: number): string {
  const known: Record<number, string> = {
    0x9000: 'success',
    0x6700: 'wrong length',
    0x6982: 'security status not satisfied (PIN needed)',
    0x6983: 'authentication method blocked',
    0x6a80: 'incorrect data field',
    0x6a81: 'function not supported',
    0x6a82: 'file or application not found',
    0x6a86: 'incorrect P1/P2',
    0x6b00: 'wrong parameters',
    0x6d00: 'instruction not supported',
    0x6e00: 'class not supported',
    0x6f00: 'no precise diagnosis',
  };
  const text = known[sw] ?? ((sw & 0xfff0) === 0x63c0 ? `verification failed, ${sw & 0x0f} tries left` : 'unexpected status');
  return `${swHex(sw)} (${text})`;
}
