import { execFile } from 'node:child_process';
import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PivReaderService } from '../../electron/core/piv/reader-service';
import { authenticateCard } from '../../electron/core/piv/sign-in';
import { demoCardAuthority, issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../electron/simulator/piv-card/index';
import { PIV_OBJECT_TAGS } from '../../shared/piv/card/card-objects';
import { skipReason, startPcscStack, type RunningStack } from './support/pcsc-stack';
import { insertCard } from './support/virtual-cards';

/**
 * Signing in with a PIV card in a real PC/SC reader: the virtual card in vpcd, reached through pcscd
 * and @pokusew/pcsclite, proves itself with PIN and challenge exactly as it does in process. OpenSC,
 * an independent PIV implementation, then has the same card sign with its PIV Authentication key.
 */

const skip = skipReason({ opensc: true });
const run = promisify(execFile);
const PIN = '73051962';
const OPENSC_PKCS11 = '/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so';

describe.skipIf(skip !== null)(`card sign-in through pcscd and vpcd${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let stack: RunningStack;
  let service: PivReaderService;
  let profile: VirtualCardProfile;
  let anchors: Uint8Array[];
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'gatehouse-sign-in-'));
    stack = await startPcscStack();
    service = await PivReaderService.open();
    profile = await issueVirtualCard({ kind: 'piv', holder: 'Grace Guard', fascn: '4700-0256-314159-111234567890199991', pin: PIN });
    anchors = [(await demoCardAuthority()).certificate.der];
  });

  afterAll(async () => {
    await service?.close();
    await stack?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('signs in with the card in the reader: wrong PIN counted by the card, then the right one proves the card', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(profile), 0);
    try {
      await expect(authenticateCard({ cards: service, reader: card.reader, pin: '11112222', anchors, revoked: [] })).rejects.toMatchObject({
        code: 'card',
        message: 'Wrong PIN: 4 tries left before the card locks',
      });
      const proof = await authenticateCard({ cards: service, reader: card.reader, pin: PIN, anchors, revoked: [] });
      expect(proof).toMatchObject({ label: 'PIV · agency 4700 · card 314159', subject: expect.stringMatching(/^CN=Grace Guard/) });
      await expect(authenticateCard({ cards: service, pin: PIN, anchors, revoked: [{ cardId: proof.cardId }] })).rejects.toMatchObject({
        message: 'This card was revoked at this desk',
      });
    } finally {
      await card.remove();
    }
  });

  it('refuses a genuine card carrying another card’s CHUID, before any PIN try, naming the card it read', async () => {
    const own = await issueVirtualCard({ kind: 'piv-i', holder: 'Mal Actor', pin: PIN, certificateNames: { fascn: false, uuid: true } });
    const objects = new Map(own.objects);
    objects.set(PIV_OBJECT_TAGS.chuid, profile.objects.get(PIV_OBJECT_TAGS.chuid)!);
    const card = await insertCard(stack, service, new VirtualPivCard({ ...own, objects }), 0);
    try {
      await expect(authenticateCard({ cards: service, reader: card.reader, pin: PIN, anchors, revoked: [] })).rejects.toMatchObject({
        code: 'card',
        reason: 'chuid-mismatch',
        card: { subject: expect.stringMatching(/^CN=Mal Actor/) },
      });
    } finally {
      await card.remove();
    }
  });

  it('signs with its PIV Authentication key for OpenSC too (pkcs11-tool, RSA PKCS#1 SHA-256)', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(profile), 0);
    try {
      const message = join(scratch, 'message');
      const signature = join(scratch, 'signature');
      writeFileSync(message, 'Gatehouse sign-in check');
      await run(
        'pkcs11-tool',
        ['--module', OPENSC_PKCS11, '--login', '--pin', PIN, '--sign', '--id', '01', '--mechanism', 'SHA256-RSA-PKCS', '--input-file', message, '--output-file', signature],
        { timeout: 30_000, env: { ...process.env, HOME: scratch, XDG_CACHE_HOME: join(scratch, '.cache') } },
      );
      const publicKey = createPublicKey(new X509Certificate(Buffer.from(profile.certificates.pivAuthentication)).publicKey.export({ format: 'pem', type: 'spki' }));
      expect(verify('sha256', readFileSync(message), publicKey, readFileSync(signature))).toBe(true);
    } finally {
      await card.remove();
    }
  });
});
