import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIV_OBJECT_TAGS } from '../../shared/piv/card/card-objects';
import { PivReaderService } from '../../electron/core/piv/reader-service';
import { encodeTlv } from '../../shared/piv/card/tlv';
import { issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../electron/simulator/piv-card/index';
import { skipReason, startPcscStack, type RunningStack } from './support/pcsc-stack';
import { insertCard } from './support/virtual-cards';

/**
 * OpenSC, an independent PIV implementation, reads the same virtual cards: it must recognise them as
 * PIV cards and find the same certificates Gatehouse's reader finds. That is the evidence the virtual
 * card behaves like a real one rather than like our own reader's expectations.
 */

const skip = skipReason({ opensc: true });
const run = promisify(execFile);
const OPENSC_TIMEOUT_MS = 20_000;

/** DER of the first PEM block in OpenSC's output, as Base64. */
function pemBody(output: string): string {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(output);
  if (!match) throw new Error(`OpenSC printed no certificate:\n${output}`);
  return match[1].replace(/\s+/g, '');
}

describe.skipIf(skip !== null)(`OpenSC agrees with Gatehouse on the virtual cards${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let stack: RunningStack;
  let service: PivReaderService;
  let home: string;
  let piv: VirtualCardProfile;
  let pivI: VirtualCardProfile;

  /** OpenSC with its own empty home, so no cache from another card or run can answer for the card. */
  const opensc = async (tool: string, args: string[]) =>
    (await run(tool, args, { timeout: OPENSC_TIMEOUT_MS, env: { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, '.cache') } }))
      .stdout;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'gatehouse-opensc-'));
    stack = await startPcscStack();
    service = await PivReaderService.open();
    piv = await issueVirtualCard({ kind: 'piv', holder: 'OpenSC Check' });
    pivI = await issueVirtualCard({ kind: 'piv-i', compressCertificates: true });
  });

  afterAll(async () => {
    await service?.close();
    await stack?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  for (const [label, profile] of [
    ['PIV card', () => piv],
    ['PIV-I card with compressed certificates', () => pivI],
  ] as const) {
    it(`recognises the ${label} as PIV and reads the same certificates`, async () => {
      const card = await insertCard(stack, service, new VirtualPivCard(profile()), 0);
      try {
        const ours = await service.readCard(card.reader);
        expect((await opensc('opensc-tool', ['--reader', card.reader, '--name'])).trim()).toBe('Personal Identity Verification Card');

        const listing = await opensc('pkcs15-tool', ['--reader', card.reader, '--list-certificates']);
        expect(listing).toMatch(/X\.509 Certificate \[Certificate for PIV Authentication\][\s\S]*?ID\s+: 01/);
        expect(listing).toMatch(/X\.509 Certificate \[Certificate for Card Authentication\][\s\S]*?ID\s+: 04/);

        const pivAuth = pemBody(await opensc('pkcs15-tool', ['--reader', card.reader, '--read-certificate', '01']));
        const cardAuth = pemBody(await opensc('pkcs15-tool', ['--reader', card.reader, '--read-certificate', '04']));
        expect(pivAuth).toBe(ours.pivAuthenticationCert.base64);
        expect(cardAuth).toBe(ours.cardAuthenticationCert?.base64);
        expect(pivAuth).toBe(Buffer.from(profile().certificates.pivAuthentication).toString('base64'));
      } finally {
        await card.remove();
      }
    });
  }

  it('gets the CHUID bytes Gatehouse hashed from a raw OpenSC exchange (OpenSC follows the 61xx chain)', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(piv), 0);
    try {
      const output = await opensc('opensc-tool', [
        '--reader', card.reader,
        '--send-apdu', '00A4040009A0000003080000100000',
        '--send-apdu', '00CB3FFF055C035FC10200',
      ]);
      const ours = await service.readCard(card.reader);
      const answers = output.split(/^Sending: .*$/m).slice(1);
      expect(answers[1]).toMatch(/Received \(SW1=0x90, SW2=0x00\)/);
      // OpenSC prints 16 bytes a line as hex, then the same bytes as text.
      const hex = [...answers[1].matchAll(/^((?:[0-9A-F]{2} )+)/gm)].map((m) => m[1].replace(/ /g, '')).join('');
      const received = Buffer.from(hex, 'hex');
      const chuid = piv.objects.get(PIV_OBJECT_TAGS.chuid)!;
      expect(received.equals(Buffer.from(encodeTlv(0x53, chuid)))).toBe(true);
      expect(createHash('sha256').update(received.subarray(received.length - chuid.length)).digest('base64')).toBe(ours.chuidHash);
    } finally {
      await card.remove();
    }
  });
});
