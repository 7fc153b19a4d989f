/**
 * The card's side of ISO 7816-4 command APDUs: header, Lc/data and Le in short or extended form.
 * Le is returned as the maximum length the reader will take (256 or 65536 for a zero Le).
 */

export interface ParsedCommand {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data: Uint8Array;
  /** Maximum response length; undefined when the command carried no Le. */
  le?: number;
  extended: boolean;
}

export function parseCommand(apdu: Uint8Array): ParsedCommand | null {
  if (apdu.length < 4) return null;
  const [cla, ins, p1, p2] = apdu;
  const base = { cla, ins, p1, p2 };
  const body = apdu.subarray(4);
  if (body.length === 0) return { ...base, data: new Uint8Array(0), extended: false };
  if (body.length === 1) return { ...base, data: new Uint8Array(0), le: body[0] || 256, extended: false };
  if (body[0] !== 0) {
    const lc = body[0];
    if (body.length === 1 + lc) return { ...base, data: body.subarray(1), extended: false };
    if (body.length === 2 + lc) return { ...base, data: body.subarray(1, 1 + lc), le: body[1 + lc] || 256, extended: false };
    return null;
  }
  if (body.length === 3) return { ...base, data: new Uint8Array(0), le: ((body[1] << 8) | body[2]) || 65536, extended: true };
  const lc = (body[1] << 8) | body[2];
  if (body.length === 3 + lc) return { ...base, data: body.subarray(3), extended: true };
  if (body.length === 5 + lc) {
    const le = (body[3 + lc] << 8) | body[4 + lc];
    return { ...base, data: body.subarray(3, 3 + lc), le: le || 65536, extended: true };
  }
  return null;
}
