import { randomUUID, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import type { RevokedCard, SignInTrust, TrustAnchor } from '../../../shared/contract/sign-in-trust';
import { DeskError } from '../../../shared/errors';
import type { RevokedCardEntry } from '../piv/sign-in/card-proof';
import type { SettingsStore } from '../vault/settings/settings-store';
import { readAnchorFile } from './anchor-file';

/**
 * The installer's trust for card sign-in, kept in the desk's settings under one key: imported CA
 * certificates (DER, base64) and revoked cards. Nothing here is secret. On the demo site the demo card
 * issuer's CA is trusted as well (given by the shell, never stored), so the demo card signs in.
 */

const KEY = 'signInTrust';

const Stored = z.object({
  anchors: z.array(z.object({ der: z.string(), addedAt: z.number() })).default([]),
  revoked: z
    .array(z.object({ id: z.string(), cardId: z.string().optional(), serial: z.string().optional(), note: z.string().optional(), revokedAt: z.number() }))
    .default([]),
});
type Stored = z.infer<typeof Stored>;

export interface SignInTrustOptions {
  settings: SettingsStore;
  /** Whether the desk shows the demo site now. */
  isDemo: () => boolean;
  /** The demo card issuer's CA certificate(s), DER; absent where the shell has no demo card issuer. */
  demoAnchors?: () => Promise<Uint8Array[]>;
  now?: () => number;
}

/** What authenticateCard needs from the desk's trust. */
export interface SignInCheckInputs {
  anchors: Uint8Array[];
  revoked: RevokedCardEntry[];
}

export class SignInTrustStore {
  constructor(private readonly options: SignInTrustOptions) {}

  async view(): Promise<SignInTrust> {
    const stored = this.read();
    const demo = this.options.isDemo();
    const builtIn = demo ? await this.demoAnchors() : [];
    const anchors: TrustAnchor[] = [...builtIn.map((der) => describe(der, true)), ...stored.anchors.map((a) => describe(fromBase64(a.der), false))];
    return { anchors: dedupe(anchors), revoked: stored.revoked.map((r) => ({ ...r }) satisfies RevokedCard), demo };
  }

  /** The anchors and revoked cards sign-in checks a card against, now. */
  async inputs(): Promise<SignInCheckInputs> {
    const stored = this.read();
    const builtIn = this.options.isDemo() ? await this.demoAnchors() : [];
    return {
      anchors: [...builtIn, ...stored.anchors.map((a) => fromBase64(a.der))],
      revoked: stored.revoked.map(({ cardId, serial }) => ({ ...(cardId ? { cardId } : {}), ...(serial ? { serial } : {}) })),
    };
  }

  /** Adds the CA certificates in a file; returns the subjects added, for the audit log. */
  addAnchor(fileName: string, bytes: Uint8Array): string[] {
    const stored = this.read();
    const known = new Set(stored.anchors.map((a) => fingerprint(fromBase64(a.der))));
    const added: string[] = [];
    for (const der of readAnchorFile(fileName, bytes)) {
      if (known.has(fingerprint(der))) continue;
      known.add(fingerprint(der));
      stored.anchors.push({ der: Buffer.from(der).toString('base64'), addedAt: this.now() });
      added.push(describe(der, false).subject);
    }
    if (added.length === 0) throw new DeskError('bad-request', `This desk already trusts the CA certificate(s) in ${fileName}`);
    this.write(stored);
    return added;
  }

  /** Removes an imported anchor; returns its subject. */
  removeAnchor(id: string): string {
    const stored = this.read();
    const index = stored.anchors.findIndex((a) => fingerprint(fromBase64(a.der)) === id);
    if (index === -1) throw new DeskError('not-found', 'That CA certificate is not among the ones imported at this desk (the demo issuer cannot be removed)');
    const [removed] = stored.anchors.splice(index, 1);
    this.write(stored);
    return describe(fromBase64(removed!.der), false).subject;
  }

  revoke(card: { cardId?: string; serial?: string; note?: string }): RevokedCard {
    const stored = this.read();
    const entry: RevokedCard = {
      id: randomUUID(),
      ...(card.cardId ? { cardId: plainHex(card.cardId) } : {}),
      ...(card.serial ? { serial: plainHex(card.serial) } : {}),
      ...(card.note ? { note: card.note } : {}),
      revokedAt: this.now(),
    };
    stored.revoked.push(entry);
    this.write(stored);
    return entry;
  }

  unrevoke(id: string): RevokedCard {
    const stored = this.read();
    const index = stored.revoked.findIndex((r) => r.id === id);
    if (index === -1) throw new DeskError('not-found', 'That card is not on this desk\'s revoked list');
    const [removed] = stored.revoked.splice(index, 1);
    this.write(stored);
    return removed!;
  }

  private read(): Stored {
    const parsed = Stored.safeParse(this.options.settings.get(KEY) ?? {});
    // A damaged entry is not silently trusted: start from nothing trusted and nothing revoked is worse
    // (a revoked card would sign in), so refuse until the installer fixes it.
    if (!parsed.success) throw new DeskError('credentials', 'The sign-in trust settings are damaged: re-import the card issuers and revoked cards');
    return parsed.data;
  }

  private write(stored: Stored): void {
    this.options.settings.set(KEY, stored);
  }

  private async demoAnchors(): Promise<Uint8Array[]> {
    return this.options.demoAnchors ? this.options.demoAnchors() : [];
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

function describe(der: Uint8Array, builtIn: boolean): TrustAnchor {
  const certificate = new X509Certificate(Buffer.from(der));
  return {
    id: certificate.fingerprint256,
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    notAfter: new Date(certificate.validTo).getTime(),
    builtIn,
  };
}

function fingerprint(der: Uint8Array): string {
  return new X509Certificate(Buffer.from(der)).fingerprint256;
}

function dedupe(anchors: TrustAnchor[]): TrustAnchor[] {
  const seen = new Set<string>();
  return anchors.filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
}

function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).reverse().join(', ');
}

function plainHex(text: string): string {
  return text.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
}

function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}
