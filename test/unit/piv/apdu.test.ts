import { describe, expect, it } from 'vitest';
import { decodeResponse, describeStatusWord, encodeCommand } from '../../../electron/core/piv/apdu';
import { exchange } from '../../../electron/core/piv/card-channel';
import { type CardChannel } from '../../../shared/piv/card/card-objects';
import { fromHex, toHex } from '../../../shared/piv/card/hex';

/** A card that answers from a script and records every command it was sent. */
function scriptedCard(answers: string[]): CardChannel & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    async transmit(command) {
      sent.push(toHex(command));
      const next = answers.shift();
      if (next === undefined) throw new Error(`unscripted command ${toHex(command)}`);
      return fromHex(next);
    },
  };
}

const GET_CHUID = { cla: 0, ins: 0xcb, p1: 0x3f, p2: 0xff, data: fromHex('5C035FC102'), le: 0 };

describe('command APDU encoding', () => {
  it('encodes short and extended forms of GET DATA', () => {
    expect(toHex(encodeCommand(GET_CHUID, 'short'))).toBe('00CB3FFF055C035FC10200');
    expect(toHex(encodeCommand(GET_CHUID, 'extended'))).toBe('00CB3FFF0000055C035FC1020000');
  });

  it('encodes case 1, case 2 and case 3 commands', () => {
    expect(toHex(encodeCommand({ cla: 0, ins: 0x20, p1: 0, p2: 0x80 }))).toBe('00200080');
    expect(toHex(encodeCommand({ cla: 0, ins: 0xc0, p1: 0, p2: 0, le: 0x10 }))).toBe('00C0000010');
    expect(toHex(encodeCommand({ cla: 0, ins: 0xc0, p1: 0, p2: 0, le: 0 }, 'extended'))).toBe('00C00000000000');
    expect(toHex(encodeCommand({ cla: 0, ins: 0x20, p1: 0, p2: 0x80, data: fromHex('3132333435363738') }))).toBe('00200080083132333435363738');
  });

  it('splits data and status word, and refuses an answer too short for one', () => {
    const r = decodeResponse(fromHex('AABB9000'));
    expect([toHex(r.data), r.sw]).toEqual(['AABB', 0x9000]);
    expect(() => decodeResponse(fromHex('90'))).toThrow('The card answered 1 byte(s), too short to hold a status word');
  });

  it('describes status words for error messages', () => {
    expect(describeStatusWord(0x6a82)).toBe('6A82 (file or application not found)');
    expect(describeStatusWord(0x63c2)).toBe('63C2 (verification failed, 2 tries left)');
    expect(describeStatusWord(0x6400)).toBe('6400 (unexpected status)');
  });
});

describe('response chaining', () => {
  it('follows 61xx with GET RESPONSE and joins the parts in order', async () => {
    const card = scriptedCard(['0102610A', '0304610A', '05069000']);
    const r = await exchange(card, GET_CHUID, 'short');
    expect([toHex(r.data), r.sw]).toEqual(['010203040506', 0x9000]);
    expect(card.sent).toEqual(['00CB3FFF055C035FC10200', '00C000000A', '00C000000A']);
  });

  it('asks for 256 bytes when the card says 6100 (256 or more remain)', async () => {
    const card = scriptedCard(['AA6100', 'BB9000']);
    await exchange(card, GET_CHUID, 'short');
    expect(card.sent[1]).toBe('00C0000000');
  });

  it('repeats the command with the length the card asks for on 6Cxx', async () => {
    const card = scriptedCard(['6C05', '01020304059000']);
    const r = await exchange(card, { cla: 0, ins: 0xca, p1: 0, p2: 0x7e, le: 1 }, 'short');
    expect(toHex(r.data)).toBe('0102030405');
    expect(card.sent).toEqual(['00CA007E01', '00CA007E05']);
  });

  it('hands back the final status word unjudged', async () => {
    const r = await exchange(scriptedCard(['AA6110', '6A82']), GET_CHUID, 'short');
    expect([toHex(r.data), r.sw]).toEqual(['AA', 0x6a82]);
  });

  it('gives up on a card that never stops answering 61xx', async () => {
    const endless: CardChannel = { transmit: async () => fromHex('AA6101') };
    await expect(exchange(endless, GET_CHUID, 'short')).rejects.toMatchObject({
      code: 'card-error',
      message: 'The card kept answering 61xx after 256 GET RESPONSE rounds',
    });
  });
});
