import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../shared/contract';
import { getCardholder } from '../../electron/core/api/cardholders';
import { EnrolmentService } from '../../electron/core/enrolment/enrolment-service';
import { SqliteOutboxStore } from '../../electron/core/enrolment/outbox-sqlite-store';
import { LocalStore } from '../../electron/core/offline/local-store';
import { storeMigrations } from '../../electron/core/offline/registry';
import { PivReaderService } from '../../electron/core/piv/reader-service';
import { LocalDataSealer } from '../../electron/core/vault/keys/local-data-sealer';
import type { RunningSimulator } from '../../electron/simulator/index';
import { issueVirtualCard, VirtualPivCard } from '../../electron/simulator/piv-card/index';
import { deskConfigFor, startTestSite, transportFor } from '../integration/support/site';
import { skipReason, startPcscStack, VPCD_READER_NAMES, type RunningStack } from './support/pcsc-stack';
import { insertCard, type InsertedCard } from './support/virtual-cards';

const skip = skipReason();

// One enrolment end to end through the real PC/SC stack: a virtual card in vpcd, read by pcscd through
// @pokusew/pcsclite with the PIN (fingerprints), enrolled by the desk's enrolment service on the
// simulator over TLS, and read back from the server.
describe.skipIf(skip !== null)(`enrolment through pcscd and vpcd${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let stack: RunningStack;
  let site: RunningSimulator;
  let store: LocalStore;
  let enrolment: EnrolmentService;
  let card: InsertedCard | undefined;
  const events: { name: EventName; payload: unknown }[] = [];

  beforeAll(async () => {
    stack = await startPcscStack();
    site = await startTestSite();
    store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
    const config = deskConfigFor(site);
    enrolment = new EnrolmentService(
      { pcsc: () => PivReaderService.open(), outbox: new SqliteOutboxStore(store, async () => new LocalDataSealer(new Uint8Array(32).fill(9))) },
      {
        siteConfig: () => config,
        divisionName: () => undefined,
        emit: <K extends EventName>(name: K, payload: EventPayload<K>) => void events.push({ name, payload }),
      },
    );
  });

  afterAll(async () => {
    await card?.link.remove();
    await enrolment?.stop();
    store?.close();
    await site?.stop();
    await stack?.stop();
  });

  it('reads a PIV card from a vpcd reader with progress per object and enrols it on a new cardholder', async () => {
    const list = await enrolment.readerList();
    expect(list.readers.map((r) => r.name)).toContain(VPCD_READER_NAMES[0]);
    expect(list.pcscProblem).toBeUndefined();

    const profile = await issueVirtualCard({ kind: 'piv', fascn: '4700-0256-424242-111234567890199991', withFingerprints: true, pin: '73051962' });
    // The reader service inside the enrolment service is its own; insertCard only needs one to wait on.
    const watcher = await PivReaderService.open();
    try {
      card = await insertCard(stack, watcher, new VirtualPivCard(profile), 0);
    } finally {
      await watcher.close();
    }

    const read = await enrolment.readCard(VPCD_READER_NAMES[0], profile.pin);
    expect(read.preview).toMatchObject({ kind: 'piv', cardNumber: '4700-0256-424242-111234567890199991', fingerprintsRead: true, problems: [] });
    const steps = events.filter((e) => e.name === 'enrolment.progress').map((e) => e.payload as { step: string; state: string });
    expect(steps.filter((s) => s.state === 'done').map((s) => s.step)).toEqual(['select', 'chuid', 'pivAuthenticationCert', 'cardAuthenticationCert', 'pin', 'fingerprints']);
    // The PIN never travels back out: not in the preview, not in any event.
    expect(JSON.stringify([read, events])).not.toContain(profile.pin);

    const { item } = await enrolment.enrol({
      readId: read.readId,
      cardholder: { kind: 'new', firstName: 'Pat', lastName: 'Reader', divisionHref: `${site.url}/api/divisions/north` },
      status: 'active',
    });
    expect(item).toMatchObject({ state: 'sent', cardStatus: { value: 'Active' } });

    const transport = transportFor(site);
    try {
      const holder = await getCardholder(transport, item.cardholderHref!, ['href', 'cards', 'cards.pivData.pivAuthenticationCert', 'cards.pivData.fingerprints']);
      expect(holder.cards).toHaveLength(1);
      expect(holder.cards![0]!.number).toBe('4700-0256-424242-111234567890199991');
      expect(holder.cards![0]!.pivData?.pivAuthenticationCert).toBe(Buffer.from(profile.certificates.pivAuthentication).toString('base64'));
      expect(holder.cards![0]!.pivData?.fingerprints).toBe(Buffer.from(profile.fingerprintStructure!).toString('base64'));
    } finally {
      await transport.close();
    }
  });
});
