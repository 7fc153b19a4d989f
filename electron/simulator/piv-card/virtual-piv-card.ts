import { PIV_AID, PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { concatBytes, encodeLength, encodeTlv, readTlv } from '../../../shared/piv/card/tlv';
import type { VirtualCardProfile } from './card-profile';
import { parseCommand, type ParsedCommand } from './command-parser';
import { ALGORITHM_RSA_2048, answerGeneralAuthenticate, PIV_AUTHENTICATION_KEY } from './general-authenticate';

/**
 * A PIV card application in software: answers SELECT, GET DATA, GET RESPONSE, VERIFY and GENERAL
 * AUTHENTICATE (the PIV Authentication key, after the PIN) as a card would, with command chaining
 * (CLA 10) and response chaining (61xx) for short APDUs and whole objects for extended ones. It speaks
 * bytes only; vpcd-link puts it in a PC/SC reader and in-process-channel hands it to the demo site.
 *
 * Faults let tests reproduce bad cards: no PIV application, an object cut short, an object whose
 * TLV is broken, an answer without its status word, and a card pulled out after a given number of
 * commands.
 */

export interface VirtualCardFaults {
  /** Answer SELECT of the PIV AID with 6A82, like a bank or transit card. */
  notPiv?: boolean;
  /** Drop the card (stop answering, disconnect) when this many APDUs have been answered. */
  removeAfterCommands?: number;
  /** Return this object's 53 template with only half of its declared content. */
  truncateObject?: number;
  /** Return this object with its first inner element in an indefinite length, which PIV forbids. */
  malformObject?: number;
  /** Answer the command with this number (1 = the first) with a single byte and no status word. */
  cutAnswer?: number;
}

/** A generic contact-card ATR (T=1) whose historical bytes read "Gatehouse": matches no vendor's card. */
export const VIRTUAL_CARD_ATR = buildAtr(new TextEncoder().encode('Gatehouse'));

const SW = {
  ok: 0x9000,
  wrongLength: 0x6700,
  securityNotSatisfied: 0x6982,
  blocked: 0x6983,
  wrongData: 0x6a80,
  notFound: 0x6a82,
  wrongP1P2: 0x6a86,
  insNotSupported: 0x6d00,
  conditionsNotSatisfied: 0x6985,
} as const;

/** Longest command a chain may build: a GENERAL AUTHENTICATE template is about 270 bytes. */
const MAX_CHAINED_BYTES = 4096;

export class VirtualPivCard {
  private selected = false;
  private pinVerified = false;
  private pinTriesLeft: number;
  private pending: Uint8Array | null = null;
  /** Data of a chained command (CLA 10) received so far. */
  private chained: { ins: number; data: Uint8Array } | null = null;
  private answered = 0;
  /** Called once when the card decides it has been pulled out (removeAfterCommands). */
  onRemoved: (() => void) | null = null;

  constructor(
    readonly profile: VirtualCardProfile,
    readonly faults: VirtualCardFaults = {},
  ) {
    this.pinTriesLeft = profile.pinTries;
  }

  readonly atr = VIRTUAL_CARD_ATR;

  /** Power-on or warm reset: the application is deselected and the PIN state forgotten. */
  reset(): void {
    this.selected = false;
    this.pinVerified = false;
    this.pending = null;
    this.chained = null;
  }

  get removed(): boolean {
    return this.faults.removeAfterCommands !== undefined && this.answered >= this.faults.removeAfterCommands;
  }

  /** Answers one command APDU; returns null once the card has been pulled out. */
  respond(apdu: Uint8Array): Uint8Array | null {
    if (this.removed) return null;
    const full = this.answer(apdu);
    this.answered++;
    const response = this.answered === this.faults.cutAnswer ? full.subarray(0, 1) : full;
    if (this.removed) {
      this.onRemoved?.();
      return null;
    }
    return response;
  }

  private answer(apdu: Uint8Array): Uint8Array {
    const parsed = parseCommand(apdu);
    if (!parsed) return status(SW.wrongLength);
    if (parsed.ins !== 0xc0) this.pending = null;
    const cmd = this.unchain(parsed);
    if (!cmd) return status(SW.ok);
    switch (cmd.ins) {
      case 0xa4:
        return this.select(cmd.p1, cmd.data, cmd.le);
      case 0xcb:
        return this.getData(cmd.p1, cmd.p2, cmd.data, cmd.le, cmd.extended);
      case 0xc0:
        return this.getResponse(cmd.le ?? 256);
      case 0x20:
        return this.verify(cmd.p1, cmd.p2, cmd.data);
      case 0x87:
        return this.generalAuthenticate(cmd.p1, cmd.p2, cmd.data, cmd.le ?? 256);
      default:
        return status(SW.insNotSupported);
    }
  }

  /**
   * Command chaining (ISO 7816-4 5.3.3): a command with CLA bit 10 is a part of a longer one; the card
   * keeps it and answers 9000, and the last part (CLA 00) carries the whole data. Null while a chain
   * is still arriving.
   */
  private unchain(cmd: ParsedCommand): ParsedCommand | null {
    const earlier = this.chained && this.chained.ins === cmd.ins ? this.chained.data : new Uint8Array(0);
    const data = concatBytes(earlier, cmd.data);
    if ((cmd.cla & 0x10) !== 0 && data.length <= MAX_CHAINED_BYTES) {
      this.chained = { ins: cmd.ins, data };
      return null;
    }
    this.chained = null;
    return { ...cmd, cla: cmd.cla & ~0x10, data };
  }

  private select(p1: number, aid: Uint8Array, le: number | undefined): Uint8Array {
    // Right-truncated AIDs select too (SP 800-73-4 allows the AID without its version bytes).
    const isPiv = p1 === 0x04 && aid.length >= 9 && aid.every((b, i) => b === PIV_AID[i]);
    if (!isPiv || this.faults.notPiv) {
      this.selected = false;
      return status(SW.notFound);
    }
    this.selected = true;
    this.pinVerified = false;
    const apt = encodeTlv(
      0x61,
      concatBytes(
        encodeTlv(0x4f, PIV_AID.subarray(5, 11)),
        encodeTlv(0x79, encodeTlv(0x4f, PIV_AID.subarray(0, 5))),
        encodeTlv(0x50, new TextEncoder().encode('Gatehouse virtual PIV')),
        encodeTlv(0xac, concatBytes(encodeTlv(0x80, Uint8Array.of(0x11)), encodeTlv(0x06, new Uint8Array(0)))),
      ),
    );
    return this.send(apt, le ?? 256);
  }

  private getData(p1: number, p2: number, data: Uint8Array, le: number | undefined, extended: boolean): Uint8Array {
    if (!this.selected) return status(SW.conditionsNotSatisfied);
    if (p1 !== 0x3f || p2 !== 0xff) return status(SW.wrongP1P2);
    let tag: number;
    try {
      const tagList = readTlv(data, 0, 'GET DATA tag list');
      if (tagList.tag !== 0x5c || tagList.value.length === 0 || tagList.value.length > 3) return status(SW.wrongData);
      tag = tagList.value.reduce((t, b) => t * 256 + b, 0);
    } catch {
      return status(SW.wrongData);
    }
    const object = this.profile.objects.get(tag);
    if (!object) return status(SW.notFound);
    if (tag === PIV_OBJECT_TAGS.fingerprints && !this.pinVerified) return status(SW.securityNotSatisfied);
    return this.send(this.wrap(tag, object), le ?? (extended ? 65536 : 256));
  }

  /** The object in its 53 template, damaged as the faults ask. */
  private wrap(tag: number, object: Uint8Array): Uint8Array {
    if (this.faults.truncateObject === tag) {
      return concatBytes(Uint8Array.of(0x53), encodeLength(object.length), object.subarray(0, object.length >> 1));
    }
    if (this.faults.malformObject === tag) {
      return encodeTlv(0x53, concatBytes(Uint8Array.of(object[0], 0x80), object.subarray(2)));
    }
    return encodeTlv(0x53, object);
  }

  private getResponse(le: number): Uint8Array {
    if (!this.pending) return status(SW.conditionsNotSatisfied);
    return this.send(this.pending, le);
  }

  private verify(p1: number, p2: number, data: Uint8Array): Uint8Array {
    if (!this.selected) return status(SW.conditionsNotSatisfied);
    if (p1 !== 0x00 || p2 !== 0x80) return status(SW.notFound);
    if (this.pinTriesLeft === 0) return status(SW.blocked);
    if (data.length === 0) return status(this.pinVerified ? SW.ok : 0x63c0 | this.pinTriesLeft);
    if (data.length !== 8) return status(SW.wrongLength);
    const pin = new TextDecoder('latin1').decode(data.subarray(0, data.indexOf(0xff) === -1 ? 8 : data.indexOf(0xff)));
    if (pin === this.profile.pin) {
      this.pinVerified = true;
      this.pinTriesLeft = this.profile.pinTries;
      return status(SW.ok);
    }
    this.pinVerified = false;
    this.pinTriesLeft--;
    return status(0x63c0 | this.pinTriesLeft);
  }

  /** Signs a challenge with the PIV Authentication key, which needs the PIN verified since SELECT. */
  private generalAuthenticate(algorithm: number, keyReference: number, data: Uint8Array, le: number): Uint8Array {
    if (!this.selected) return status(SW.conditionsNotSatisfied);
    if (algorithm !== ALGORITHM_RSA_2048 || keyReference !== PIV_AUTHENTICATION_KEY) return status(SW.wrongP1P2);
    if (!this.pinVerified) return status(SW.securityNotSatisfied);
    const answer = answerGeneralAuthenticate(data, this.profile.pivAuthenticationKey);
    if ('sw' in answer) return status(answer.sw);
    return this.send(answer.signature, le);
  }

  /** Sends up to `le` bytes; keeps the rest for GET RESPONSE and says how much with 61xx. */
  private send(data: Uint8Array, le: number): Uint8Array {
    if (data.length <= le) {
      this.pending = null;
      return concatBytes(data, status(SW.ok));
    }
    this.pending = data.subarray(le);
    const next = Math.min(this.pending.length, 256) & 0xff;
    return concatBytes(data.subarray(0, le), Uint8Array.of(0x61, next));
  }
}

/** TS, T0 (TD1 follows, K historical bytes), TD1 (TD2 follows, T=0), TD2 (T=1), history, TCK. */
function buildAtr(historical: Uint8Array): Uint8Array {
  const body = concatBytes(Uint8Array.of(0x80 | historical.length, 0x80, 0x01), historical);
  const tck = body.reduce((x, b) => x ^ b, 0);
  return concatBytes(Uint8Array.of(0x3b), body, Uint8Array.of(tck));
}

function status(sw: number): Uint8Array {
  return Uint8Array.of(sw >> 8, sw & 0xff);
}
