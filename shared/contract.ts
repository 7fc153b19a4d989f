import { z } from 'zod';
import { BoardItem, BoardSnapshot, ConnectionState, ItemStatus } from './domain';
import {
  ApiKeyInput,
  ClientCertificateImport,
  CredentialOverview,
  ServerAddressInput,
  ServerCertificateConfirmation,
  ServerCertificateOffer,
} from './settings/calls';
import { CertificateSummary } from './settings/certificate-summary';
import { ClientCredentialInfo, VaultMode } from './settings/credential-info';

/**
 * The one contract between main and the renderer. Calls go renderer → main and are validated in main
 * against `params` (the renderer is untrusted); events go main → renderer. Both transports (Electron
 * IPC and the browser host's WebSocket) carry exactly this, and nothing secret is ever in it.
 */
export const CommandRequest = z
  .object({
    /** The item's href as main gave it on the board; main refuses any href it did not get from the server. */
    href: z.string().min(1),
    /** A key of the item's `commands` map, e.g. `open`, `freeUntil`. */
    command: z.string().min(1),
    /** ISO 8601 end time, for the Until variants only. */
    endTime: z.string().optional(),
    /** Cardholder id the override is done on behalf of (`requested_by`). */
    requestedBy: z.string().min(1).optional(),
    /** For setZoneCount. */
    zoneCount: z.number().int().optional(),
  })
  .strict();
export type CommandRequest = z.infer<typeof CommandRequest>;

export const CommandOutcome = z.object({
  /** The server accepted the command (204). The board still changes only when the status says so. */
  accepted: z.literal(true),
});
export type CommandOutcome = z.infer<typeof CommandOutcome>;

const none = z.object({}).strict();

export const calls = {
  'board.get': { params: none, result: BoardSnapshot },
  'item.command': { params: CommandRequest, result: CommandOutcome },
  /** Connect to the configured site, the demo site, or whichever Settings chose (`auto`). */
  'site.connect': { params: z.object({ site: z.enum(['auto', 'configured', 'demo']) }).strict(), result: ConnectionState },

  // Settings / first run. The API key and private key go in; only descriptions and fingerprints come out.
  'settings.overview': { params: none, result: CredentialOverview },
  'settings.setApiKey': { params: ApiKeyInput, result: CredentialOverview },
  'settings.deleteApiKey': { params: none, result: CredentialOverview },
  'settings.importCertificate': { params: ClientCertificateImport, result: ClientCredentialInfo },
  'settings.deleteCertificate': { params: none, result: CredentialOverview },
  'settings.setAuthForm': { params: z.object({ authForm: z.enum(['api-key-scheme', 'basic']) }).strict(), result: CredentialOverview },
  'settings.chooseVaultMode': {
    params: z.object({ mode: VaultMode, acknowledgeLessSafe: z.boolean().default(false) }).strict(),
    result: CredentialOverview,
  },
  /** First contact: the server certificate's fingerprint, fetched by a handshake that sends nothing. */
  'settings.probeServer': { params: ServerAddressInput, result: ServerCertificateOffer },
  /** Pins the certificate the operator confirmed; refused if the server now shows another one. */
  'settings.confirmServer': { params: ServerCertificateConfirmation, result: CertificateSummary },
} as const;

export const events = {
  connection: ConnectionState,
  /** The whole list of board items, sent whenever the catalogue changes. */
  'board.items': z.array(BoardItem),
  /** Latest statuses, coalesced: at most one batch per frame, one entry per item. */
  'status.delta': z.array(ItemStatus),
} as const;

export type CallName = keyof typeof calls;
export type CallParams<K extends CallName> = z.input<(typeof calls)[K]['params']>;
export type CallResult<K extends CallName> = z.infer<(typeof calls)[K]['result']>;
export type EventName = keyof typeof events;
export type EventPayload<K extends EventName> = z.infer<(typeof events)[K]>;

/** What a renderer holds: one client, whichever transport is underneath. */
export interface DeskClient {
  call<K extends CallName>(name: K, params: CallParams<K>): Promise<CallResult<K>>;
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
}

/** What main implements: the same calls, with already-validated params. */
export interface DeskService {
  handle<K extends CallName>(name: K, params: z.infer<(typeof calls)[K]['params']>): Promise<CallResult<K>>;
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
