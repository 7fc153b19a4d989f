import { beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../shared/contract';
import { MemorySettingsStore } from '../../../electron/core/board/layout-store';
import { signInTrustHandlers } from '../../../electron/core/handlers/sign-in-trust-handlers';
import { authenticateCardOn } from '../../../electron/core/piv/sign-in';
import { SignInTrustStore } from '../../../electron/core/sign-in-trust/sign-in-trust-store';
import { createTestAuthority, demoCardAuthority, inProcessChannel, issueVirtualCard, VirtualPivCard, type TestAuthority, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';

/**
 * The installer's trust for card sign-in as the desk keeps it: CA certificates imported from PEM or
 * DER files, revoked cards, the demo issuer trusted on the demo site only, and what sign-in then
 * accepts.
 */

const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

describe('sign-in trust kept by the desk', () => {
  let site: TestAuthority;
  let card: VirtualCardProfile;
  let demoCard: VirtualCardProfile;
  beforeAll(async () => {
    site = await createTestAuthority('Site PIV Issuer');
    card = await issueVirtualCard({ pin: '123456', authority: site });
    demoCard = await issueVirtualCard({ pin: '123456' });
  });
  const make = (demo: boolean, settings = new MemorySettingsStore()) => {
    const store = new SignInTrustStore({ settings, isDemo: () => demo, demoAnchors: async () => [(await demoCardAuthority()).certificate.der] });
    return { store, handlers: signInTrustHandlers(store), settings };
  };
  const signIn = async (store: SignInTrustStore, profile: VirtualCardProfile) =>
    authenticateCardOn(inProcessChannel(new VirtualPivCard(profile)), { pin: '123456', ...(await store.inputs()) });

  it('trusts the demo issuer on the demo site only, shown as built in', async () => {
    const demo = make(true);
    expect((await demo.handlers['signInTrust.get']({})).anchors).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^CN=Gatehouse Demo PIV Issuer/), builtIn: true })]);
    await expect(signIn(demo.store, demoCard)).resolves.toMatchObject({ subject: expect.stringMatching(/^CN=Test Visitor/) });
    const configured = make(false);
    expect(await configured.handlers['signInTrust.get']({})).toEqual({ anchors: [], revoked: [], demo: false });
    await expect(signIn(configured.store, demoCard)).rejects.toMatchObject({ message: expect.stringMatching(/^This desk trusts no card issuer yet/) });
  });

  it('imports a CA from PEM or DER, keeps it in settings, and then lets that CA\'s cards in', async () => {
    const { handlers, settings } = make(false);
    const view = await handlers['signInTrust.addAnchor']({ fileName: 'site-ca.pem', fileBase64: b64(pem(site.certificate.der)) });
    expect(view.anchors).toEqual([expect.objectContaining({ subject: 'CN=Site PIV Issuer, O=Gatehouse Test, C=US', builtIn: false })]);
    await expect(handlers['signInTrust.addAnchor']({ fileName: 'site-ca.cer', fileBase64: b64(site.certificate.der) })).rejects.toMatchObject({
      code: 'bad-request',
      message: 'This desk already trusts the CA certificate(s) in site-ca.cer',
    });
    // A second desk object over the same settings (a restart) trusts it too.
    const again = make(false, settings);
    await expect(signIn(again.store, card)).resolves.toBeTruthy();
    await again.handlers['signInTrust.removeAnchor']({ id: view.anchors[0]!.id });
    await expect(signIn(again.store, card)).rejects.toMatchObject({ code: 'card' });
  });

  it('refuses files that hold no CA certificate, saying why', async () => {
    const { handlers } = make(false);
    await expect(handlers['signInTrust.addAnchor']({ fileName: 'notes.txt', fileBase64: b64('hello') })).rejects.toMatchObject({
      message: 'notes.txt is not an X.509 certificate (PEM or DER)',
    });
    await expect(handlers['signInTrust.addAnchor']({ fileName: 'card.pem', fileBase64: b64(pem(card.certificates.pivAuthentication)) })).rejects.toMatchObject({
      message: "card.pem is not a CA certificate (it cannot issue cards): import the CA that issued the operators' cards",
    });
    await expect(handlers['signInTrust.addAnchor']({ fileName: 'empty.pem', fileBase64: b64('-----BEGIN PRIVATE KEY-----') })).rejects.toMatchObject({
      message: 'empty.pem holds no certificate (no BEGIN CERTIFICATE block)',
    });
  });

  it('revokes a card by its id and allows it again', async () => {
    const { handlers, store } = make(true);
    const { cardId } = await signIn(store, demoCard);
    const view = await handlers['signInTrust.revoke']({ cardId: cardId.toLowerCase(), note: 'lost on 3 May' });
    expect(view.revoked).toEqual([expect.objectContaining({ cardId, note: 'lost on 3 May' })]);
    await expect(signIn(store, demoCard)).rejects.toMatchObject({ message: 'This card was revoked at this desk' });
    await handlers['signInTrust.unrevoke']({ id: view.revoked[0]!.id });
    await expect(signIn(store, demoCard)).resolves.toBeTruthy();
  });

  it('asks for a card id or a serial to revoke', () => {
    expect(calls['signInTrust.revoke'].params.safeParse({ note: 'x' }).success).toBe(false);
    expect(calls['signInTrust.revoke'].params.safeParse({ serial: '0A:1B' }).success).toBe(true);
    expect(calls['signInTrust.revoke'].params.safeParse({ cardId: 'not hex!' }).success).toBe(false);
  });
});
