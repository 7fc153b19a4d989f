import { beforeAll, describe, expect, it } from 'vitest';
import { PivApplication } from '../../../electron/core/piv/piv-application';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { fromHex, toHex } from '../../../shared/piv/card/hex';
import { encodeTlv } from '../../../shared/piv/card/tlv';
import { parseCommand } from '../../../electron/simulator/piv-card/command-parser';
import { inProcessChannel, issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';

describe('the virtual card, byte for byte', () => {
  let profile: VirtualCardProfile;
  beforeAll(async () => {
    profile = await issueVirtualCard({ pin: '24681357' });
  });
  const answer = (card: VirtualPivCard, hex: string) => toHex(card.respond(fromHex(hex))!);

  it('parses short and extended command APDUs, and refuses inconsistent lengths', () => {
    expect(parseCommand(fromHex('00CB3FFF055C035FC10200'))).toMatchObject({ ins: 0xcb, le: 256, extended: false });
    expect(parseCommand(fromHex('00CB3FFF0000055C035FC1020000'))).toMatchObject({ le: 65536, extended: true });
    expect(parseCommand(fromHex('00200080'))?.le).toBeUndefined();
    expect(parseCommand(fromHex('00CB3FFF055C03'))).toBeNull();
  });

  it('answers SELECT with its application property template and refuses other AIDs', () => {
    const card = new VirtualPivCard(profile);
    expect(answer(card, '00A4040009A0000003080000100000')).toMatch(/^61.*4F0600001000010079.*9000$/);
    expect(answer(card, '00A4040007A000000004101000')).toBe('6A82');
  });

  it('refuses GET DATA before SELECT and fingerprints before the PIN', () => {
    const card = new VirtualPivCard(profile);
    expect(answer(card, '00CB3FFF055C035FC10200')).toBe('6985');
    answer(card, '00A4040009A0000003080000100000');
    expect(answer(card, '00CB3FFF055C035FC10300')).toBe('6982');
    expect(answer(card, '00CB3FFF055C035FC10800')).toBe('6A82');
  });

  it('chains a long object over 61xx and GET RESPONSE, 256 bytes at a time', () => {
    const card = new VirtualPivCard(profile);
    answer(card, '00A4040009A0000003080000100000');
    const parts: string[] = [];
    let reply = answer(card, '00CB3FFF055C035FC10200');
    while (reply.startsWith('61', reply.length - 4)) {
      parts.push(reply.slice(0, -4));
      reply = answer(card, `00C00000${reply.slice(-2)}`);
    }
    expect(reply.slice(-4)).toBe('9000');
    parts.push(reply.slice(0, -4));
    expect(parts.slice(0, -1).every((p) => p.length === 512)).toBe(true);
    expect(parts.join('')).toBe(toHex(encodeTlv(0x53, profile.objects.get(PIV_OBJECT_TAGS.chuid)!)));
  });

  it('counts PIN tries down, reports them on an empty VERIFY, and blocks after three', async () => {
    const card = new VirtualPivCard(profile);
    const app = new PivApplication(inProcessChannel(card));
    await app.select();
    expect(answer(card, '00200080')).toBe('63C3');
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ code: 'pin-incorrect', message: expect.stringMatching(/2 tries left/) });
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ message: expect.stringMatching(/1 try left/) });
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ code: 'pin-blocked' });
    await expect(app.verifyPin('24681357')).rejects.toMatchObject({ code: 'pin-blocked', message: 'The PIN is blocked' });
  });

  it('lets the reader code say that fingerprints need the PIN', async () => {
    const app = new PivApplication(inProcessChannel(new VirtualPivCard(profile)));
    await app.select();
    await expect(app.getData(PIV_OBJECT_TAGS.fingerprints, 'cardholder fingerprints')).rejects.toMatchObject({
      message: 'Reading the cardholder fingerprints needs the PIN first (6982 (security status not satisfied (PIN needed)))',
    });
    await expect(app.verifyPin('12ab')).rejects.toMatchObject({ message: 'The PIN must be 6 to 8 digits' });
  });
});
