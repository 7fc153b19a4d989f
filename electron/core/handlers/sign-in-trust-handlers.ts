import type { signInTrustCalls } from '../../../shared/contract/sign-in-trust';
import { DeskError } from '../../../shared/errors';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { SignInTrustStore } from '../sign-in-trust/sign-in-trust-store';
import type { HandlerTable } from './handler-table';

/** The installer's trust for card sign-in; each change is audited by what changed. */
export function signInTrustHandlers(trust: SignInTrustStore | undefined, audit?: AuditLog): HandlerTable<keyof typeof signInTrustCalls> {
  const use = (): SignInTrustStore => {
    if (!trust) throw new DeskError('invalid-call', 'This desk was started without settings, so it keeps no sign-in trust');
    return trust;
  };
  return {
    'signInTrust.get': () => use().view(),
    'signInTrust.addAnchor': async ({ fileName, fileBase64 }) => {
      const bytes = new Uint8Array(Buffer.from(fileBase64, 'base64'));
      await audited(audit, { kind: 'settings.changed', setting: `Sign-in: card issuer(s) trusted from ${fileName}` }, async () => use().addAnchor(fileName, bytes));
      return use().view();
    },
    'signInTrust.removeAnchor': async ({ id }) => {
      await audited(audit, { kind: 'settings.changed', setting: `Sign-in: card issuer ${id} no longer trusted` }, async () => use().removeAnchor(id));
      return use().view();
    },
    'signInTrust.revoke': async ({ cardId, serial, note }) => {
      const what = [cardId ? `card ${cardId}` : '', serial ? `certificate serial ${serial}` : ''].filter(Boolean).join(', ');
      await audited(audit, { kind: 'settings.changed', setting: `Sign-in: ${what} revoked${note ? ` (${note})` : ''}` }, async () =>
        use().revoke({ ...(cardId ? { cardId } : {}), ...(serial ? { serial } : {}), ...(note ? { note } : {}) }),
      );
      return use().view();
    },
    'signInTrust.unrevoke': async ({ id }) => {
      const entry = (await use().view()).revoked.find((r) => r.id === id);
      const what = entry ? [entry.cardId ? `card ${entry.cardId}` : '', entry.serial ? `certificate serial ${entry.serial}` : ''].filter(Boolean).join(', ') : 'a card';
      await audited(audit, { kind: 'settings.changed', setting: `Sign-in: ${what} no longer revoked` }, async () => use().unrevoke(id));
      return use().view();
    },
  };
}
