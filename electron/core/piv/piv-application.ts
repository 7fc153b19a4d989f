import { SW_AUTH_BLOCKED, SW_FILE_NOT_FOUND, SW_OK, describeStatusWord, type ApduLength, type ResponseApdu } from './apdu';
import { exchange } from './card-channel';
import { PIV_AID, type CardChannel } from '../../../shared/piv/card/card-objects';
import { PivError } from '../../../shared/piv/card/errors';
import { tagHex } from '../../../shared/piv/card/hex';
import { encodeTag, encodeTlv, readTlv } from '../../../shared/piv/card/tlv';

/**
 * The PIV card application (SP 800-73-4 part 2): SELECT by AID, GET DATA of a data object, VERIFY of
 * the card application PIN, GENERAL AUTHENTICATE with a card key. Knows APDUs and status words;
 * knows nothing of what the objects mean.
 */


/** Key reference of the PIV card application PIN. */
const PIV_PIN_REFERENCE = 0x80;
const PIN_BLOCK_LENGTH = 8;
/** Largest data field of a short APDU; longer commands go as a chain (CLA 10). */
const SHORT_DATA_MAX = 255;
/** Every GET DATA answer wraps the object in this template. */
const DATA_OBJECT_TEMPLATE = 0x53;

export class PivApplication {
  constructor(
    private readonly channel: CardChannel,
    /** Short APDUs with 61xx chaining work everywhere; extended lengths need reader and card support. */
    private readonly apduLength: ApduLength = 'short',
  ) {}

  /** Selects the PIV application; a card without it is reported as not a PIV card. */
  async select(): Promise<Uint8Array> {
    const r = await exchange(this.channel, { cla: 0x00, ins: 0xa4, p1: 0x04, p2: 0x00, data: PIV_AID, le: 0 }, this.apduLength);
    if (r.sw === SW_OK) return r.data;
    if (r.sw === SW_FILE_NOT_FOUND || r.sw === 0x6a81 || r.sw === 0x6d00 || r.sw === 0x6e00) {
      throw new PivError('not-piv', `This card is not a PIV card: it has no PIV application (SELECT answered ${describeStatusWord(r.sw)})`);
    }
    throw new PivError('card-error', `Selecting the PIV application failed with ${describeStatusWord(r.sw)}`);
  }

  /**
   * Reads one data object and returns the content of its 53 template, or null when the card does not
   * hold it (6A82). `what` names the object in errors.
   */
  async getData(tag: number, what: string): Promise<Uint8Array | null> {
    const tagList = encodeTlv(0x5c, encodeTag(tag));
    const r = await exchange(this.channel, { cla: 0x00, ins: 0xcb, p1: 0x3f, p2: 0xff, data: tagList, le: 0 }, this.apduLength);
    if (r.sw === SW_FILE_NOT_FOUND) return null;
    if (r.sw === 0x6982) {
      throw new PivError('card-error', `Reading the ${what} needs the PIN first (${describeStatusWord(r.sw)})`);
    }
    if (r.sw !== SW_OK) throw new PivError('card-error', `Reading the ${what} (${tagHex(tag)}) failed with ${describeStatusWord(r.sw)}`);
    const wrapper = readTlv(r.data, 0, what);
    if (wrapper.tag !== DATA_OBJECT_TEMPLATE) {
      throw new PivError('malformed-data', `${what}: expected the 53 data object template, found tag ${tagHex(wrapper.tag)}`);
    }
    if (wrapper.end !== r.data.length) {
      throw new PivError('malformed-data', `${what}: ${r.data.length - wrapper.end} unexpected byte(s) after the data object`);
    }
    return wrapper.value;
  }

  /** Verifies the card application PIN (6 to 8 digits, padded with FF as the standard requires). */
  async verifyPin(pin: string): Promise<void> {
    const outcome = await this.tryPin(pin);
    if (outcome.verified) return;
    if (outcome.triesLeft === 0) throw new PivError('pin-blocked', 'The PIN was wrong and is now blocked');
    const left = outcome.triesLeft;
    throw new PivError('pin-incorrect', `The PIN was wrong: ${left} tr${left === 1 ? 'y' : 'ies'} left before it blocks`);
  }

  /**
   * VERIFY of the PIN, answering how it went rather than throwing for a wrong PIN: `triesLeft` is the
   * card's retry counter after this try (0: the PIN is now blocked). A PIN blocked before this try
   * throws PivError 'pin-blocked'.
   */
  async tryPin(pin: string): Promise<{ verified: true } | { verified: false; triesLeft: number }> {
    if (!/^\d{6,8}$/.test(pin)) throw new PivError('pin-incorrect', 'The PIN must be 6 to 8 digits');
    const block = new Uint8Array(PIN_BLOCK_LENGTH).fill(0xff);
    block.set(new TextEncoder().encode(pin));
    const r = await exchange(this.channel, { cla: 0x00, ins: 0x20, p1: 0x00, p2: PIV_PIN_REFERENCE, data: block }, this.apduLength);
    if (r.sw === SW_OK) return { verified: true };
    if ((r.sw & 0xfff0) === 0x63c0) return { verified: false, triesLeft: r.sw & 0x0f };
    if (r.sw === SW_AUTH_BLOCKED) throw new PivError('pin-blocked', 'The PIN is blocked');
    throw new PivError('card-error', `PIN verification failed with ${describeStatusWord(r.sw)}`);
  }

  /**
   * The card's PIN retry counter without spending a try: VERIFY with no data (SP 800-73-4 part 2 §3.2.1)
   * answers 63Cx with x tries left, 6983 when blocked, 9000 when the PIN is already verified. Undefined
   * where the card answers otherwise (some do not support the query).
   */
  async pinTriesLeft(): Promise<number | undefined> {
    const r = await exchange(this.channel, { cla: 0x00, ins: 0x20, p1: 0x00, p2: PIV_PIN_REFERENCE }, this.apduLength);
    if ((r.sw & 0xfff0) === 0x63c0) return r.sw & 0x0f;
    if (r.sw === SW_AUTH_BLOCKED) return 0;
    return undefined;
  }

  /**
   * GENERAL AUTHENTICATE with the key `keyReference` (e.g. 9A, PIV Authentication) and algorithm
   * `algorithm` (SP 800-78-4: 07 RSA 2048, 11 ECC P-256): sends the dynamic authentication template
   * and returns the card's template in answer. Long templates are sent with command chaining in the
   * short form.
   */
  async generalAuthenticate(algorithm: number, keyReference: number, template: Uint8Array): Promise<Uint8Array> {
    const command = { cla: 0x00, ins: 0x87, p1: algorithm, p2: keyReference };
    const chained = this.apduLength === 'short' && template.length > SHORT_DATA_MAX;
    const parts = chained ? chunks(template, SHORT_DATA_MAX) : [template];
    let r: ResponseApdu = { data: new Uint8Array(0), sw: SW_OK };
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      r = await exchange(this.channel, { ...command, cla: last ? 0x00 : 0x10, data: part, ...(last ? { le: 0 } : {}) }, this.apduLength);
      if (r.sw !== SW_OK) break;
    }
    if (r.sw === SW_OK) return r.data;
    if (r.sw === 0x6982) throw new PivError('card-error', 'The card wants the PIN verified before it uses its key');
    throw new PivError('card-error', `The card refused to authenticate with its key: ${describeStatusWord(r.sw)}`);
  }
}

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) parts.push(bytes.subarray(offset, offset + size));
  return parts;
}
