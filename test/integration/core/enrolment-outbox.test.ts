import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../shared/contract/audit';
import type { OutboxItem } from '../../../shared/contract/enrolment';
import type { PivEnrolment } from '../../../shared/piv/card-create';
import { updateCardholderCards } from '../../../electron/core/api/cardholders';
import { Outbox } from '../../../electron/core/enrolment/outbox';
import type { OutboxRecord } from '../../../electron/core/enrolment/outbox-record';
import { SqliteOutboxStore } from '../../../electron/core/enrolment/outbox-sqlite-store';
import { SiteLink } from '../../../electron/core/enrolment/site-link';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { buildEnrolment } from '../../../electron/core/piv/enrolment';
import { readPivCard } from '../../../electron/core/piv/read-card';
import { LocalDataSealer } from '../../../electron/core/vault/keys/local-data-sealer';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { issueVirtualCard } from '../../../electron/simulator/piv-card/card-profile';
import { inProcessChannel } from '../../../electron/simulator/piv-card/in-process-channel';
import { VirtualPivCard } from '../../../electron/simulator/piv-card/virtual-piv-card';
import { control, deskConfigFor, startTestSite } from '../support/site';

// The outbox against the simulator over real TLS, kept in a real SQLite store: what a crash leaves
// behind (a request marked as sent, its answer never recorded) is read back or left to the operator,
// and never sent a second time.

let site: RunningSimulator;
const sealer = new LocalDataSealer(new Uint8Array(32).fill(5));
const opened: { store: LocalStore; link: SiteLink; outbox: Outbox }[] = [];

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});
afterEach(async () => {
  for (const o of opened.splice(0)) {
    o.outbox.close();
    await o.link.close();
    o.store.close();
  }
});

/** One desk's outbox over the store in `dir`, as compose builds it; a second call on the same dir is a restart. */
function openOutbox(dir: string) {
  const store = LocalStore.open(dir, { migrations: storeMigrations });
  const config = deskConfigFor(site);
  const link = new SiteLink(() => config);
  const audit: AuditAction[] = [];
  const emitted: OutboxItem[][] = [];
  const outbox = new Outbox(new SqliteOutboxStore(store, async () => sealer), link, (items) => emitted.push(items), { record: (a) => audit.push(a) });
  opened.push({ store, link, outbox });
  return { store, outbox, audit, emitted, records: new SqliteOutboxStore(store, async () => sealer) };
}

async function pivEnrolment(kind: 'piv' | 'piv-i', credential: string): Promise<PivEnrolment> {
  const fascn = kind === 'piv' ? `4700-0256-${credential}-111234567890199991` : `9999-9999-999999-01${credential}300001`;
  const card = new VirtualPivCard(await issueVirtualCard({ kind, fascn }));
  return buildEnrolment(await readPivCard(inProcessChannel(card)), site.version);
}

async function cardholderEvents(): Promise<{ action: string; cardholderId: string }[]> {
  return (await control.events(site)).filter((e) => e.type === 'cardholder').map((e) => ({ action: String(e.action), cardholderId: String(e.cardholderId) }));
}

function record(fields: Partial<OutboxRecord> & Pick<OutboxRecord, 'id' | 'seq' | 'target' | 'enrolment'>): OutboxRecord {
  return {
    createdAt: Date.now(),
    origin: new URL(site.url).origin,
    state: 'pending',
    attempted: false,
    cardKind: 'piv',
    status: 'active',
    history: [],
    ...fields,
  };
}

describe('enrolment outbox, exactly once', () => {
  it('after a crash right after a PATCH arrived, reads the cardholder back and does not send it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-outbox-'));
    const enrolment = await pivEnrolment('piv', '100001');
    const holder = `${site.url}/api/cardholders/ch-reception`;
    // The PATCH reached the server; the desk died before writing down that it had.
    const first = openOutbox(dir);
    await first.records.save(record({ id: 'a', seq: 1, state: 'sending', attempted: true, target: { kind: 'existing', href: holder }, enrolment }));
    const { link } = opened[0]!;
    const server = await link.server();
    await updateCardholderCards(server.transport, server.discovery, holder, { add: [{ ...enrolment, type: { href: server.pivCardType.href } }] });
    const before = await cardholderEvents();

    const restarted = openOutbox(dir);
    await restarted.outbox.start();
    await restarted.outbox.flush();
    const [item] = await restarted.outbox.items();
    expect(item).toMatchObject({ id: 'a', state: 'sent', cardholderHref: holder, cardStatus: { value: 'Active' } });
    expect(await cardholderEvents()).toEqual(before);
    expect(restarted.audit).toEqual([expect.objectContaining({ kind: 'enrolment', outcome: 'done' })]);
  });

  it('a create found attempted after a crash is "outcome unknown" and is sent again only when the operator resends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-outbox-'));
    const enrolment = await pivEnrolment('piv', '100002');
    const target = { kind: 'new' as const, firstName: 'Mary', lastName: 'Jackson', divisionHref: `${site.url}/api/divisions/north` };
    const createdBefore = (await cardholderEvents()).filter((e) => e.action === 'created').length;
    const crashed = openOutbox(dir);
    await crashed.records.save(record({ id: 'b', seq: 1, state: 'sending', attempted: true, target, enrolment }));

    const restarted = openOutbox(dir);
    await restarted.outbox.start();
    await restarted.outbox.flush();
    await restarted.outbox.flush();
    expect((await restarted.outbox.items())[0]).toMatchObject({ state: 'uncertain' });
    expect((await cardholderEvents()).filter((e) => e.action === 'created')).toHaveLength(createdBefore);

    const after = await restarted.outbox.resolve('b', 'resend');
    expect(after[0]).toMatchObject({ state: 'sent', cardStatus: { value: 'Active' } });
    expect((await cardholderEvents()).filter((e) => e.action === 'created')).toHaveLength(createdBefore + 1);
    expect(restarted.audit.map((a) => a.outcome)).toEqual(['uncertain', 'done']);
  });

  it('sends pending enrolments in the order taken, once each, and keeps names sealed at rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-outbox-'));
    const desk = openOutbox(dir);
    const a = await pivEnrolment('piv', '100003');
    const b = await pivEnrolment('piv-i', '1234567890');
    await desk.records.save(record({ id: 'c1', seq: 1, target: { kind: 'existing', href: `${site.url}/api/cardholders/ch-guard` }, enrolment: a }));
    await desk.records.save(
      record({ id: 'c2', seq: 2, cardKind: 'piv-i', target: { kind: 'new', firstName: 'Dorothy', lastName: 'Vaughan', divisionHref: `${site.url}/api/divisions/south` }, enrolment: b }),
    );
    const before = (await cardholderEvents()).length;
    await desk.outbox.start();
    await desk.outbox.flush();
    await desk.outbox.flush();
    const events = (await cardholderEvents()).slice(before);
    expect(events.map((e) => e.action)).toEqual(['modified', 'created']);
    expect(events[0]!.cardholderId).toBe('ch-guard');
    expect((await desk.outbox.items()).map((i) => [i.id, i.state])).toEqual([
      ['c2', 'sent'],
      ['c1', 'sent'],
    ]);
    const raw = desk.store.db.prepare('SELECT * FROM enrolment_outbox').all();
    expect(JSON.stringify(raw)).not.toMatch(/Dorothy|Vaughan|ch-guard/);
  });
});

describe('what the server lacks for enrolment', () => {
  it('names the RESTCardholders licence when the site lacks it, and is ready again once licensed', async () => {
    const config = deskConfigFor(site);
    const link = new SiteLink(() => config);
    const setLicences = (licences: string[]) =>
      fetch(`${site.controlUrl}/licences`, { method: 'PUT', body: JSON.stringify(licences), headers: { 'content-type': 'application/json' } });
    try {
      await setLicences(['RESTStatus', 'RESTOverrides', 'PIV']);
      await expect(link.server()).rejects.toThrow(/lacks the RESTCardholders licence/);
      expect(link.readiness()).toMatchObject({ known: true, missing: [expect.stringMatching(/^the RESTCardholders licence/)] });
      await setLicences(['RESTStatus', 'RESTOverrides', 'RESTCardholders', 'PIV']);
      const server = await link.server();
      expect(server.pivCardType.name).toBe('PIV Card');
      expect(link.readiness()).toMatchObject({ missing: [], chuidHashRequired: false });
    } finally {
      await setLicences(['RESTStatus', 'RESTOverrides', 'RESTCardholders', 'PIV']);
      await link.close();
    }
  });
});
