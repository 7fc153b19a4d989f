import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { checkCard, checkCardInReader } from '../../../electron/core/reception/card-check';
import { VisitorCardService } from '../../../electron/core/reception/visitor-cards';
import type { CardInReader } from '../../../shared/contract/visitor-cards';
import { DeskError } from '../../../shared/errors';
import { demoSite } from '../simulator/fixtures/sites';
import { recordedDeskOnTestSite } from '../support/session';
import { eventually } from '../support/site';

// A visitor's card through the core, against the simulator over TLS: lent until the visit's end and
// found by the card check, each refusal in words, collected off the visitor's record; audited with the
// operator; refused (never queued) while the server is away.
let writes: string[] = [];

async function cardDesk(reader: () => Promise<CardInReader> = () => Promise.reject(new DeskError('card', 'There is no card in the reader')), withoutEdit = false) {
  writes = [];
  const siteFile = demoSite();
  // The desk's operator without the privilege to change cardholders.
  if (withoutEdit) for (const g of siteFile.operatorGroups ?? []) g.privileges = g.privileges.filter((p) => p !== 'Edit Cardholders' && p !== 'Modify Cardholders');
  const { site, desk } = await recordedDeskOnTestSite({ version: '9.40', site: siteFile, onRequest: (r) => void (r.method !== 'GET' && writes.push(`${r.method} ${r.url.pathname}`)) });
  await eventually(() => desk.connection.phase === 'connected' || undefined, 'the desk connected');
  const audit = new AuditLog(LocalStore.openFile(':memory:', { migrations: storeMigrations }), { desk: 'reception-1' });
  audit.attributeTo(() => 'Morgan Reyes');
  const cards = new VisitorCardService({ session: () => desk.session, audit, cardInReader: reader });
  const { types } = await cards.cardTypes();
  return { site, desk, audit, cards, types, jun: `${site.url}/api/cardholders/ch-v-jnakamura` };
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("a visitor's card at 9.40", () => {
  it('offers the ordinary card types with their number rules, lends a card the card check then finds, and collects it', async () => {
    const { desk, audit, cards, types, jun } = await cardDesk();
    expect(types.map((t) => t.name)).toEqual(['Proximity Card', 'Visitor Card']);
    expect(types.find((t) => t.name === 'Proximity Card')?.numberRule).toBe('1 to 16777215');
    const visitorCard = types.find((t) => t.name === 'Visitor Card')!;
    const until = inAnHour();
    const issued = await cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: visitorCard, number: '7300', until });
    // Beside the site's own proximity card, which Jun was given before the visit.
    const lent = issued.cards.find((c) => c.number === '7300')!;
    expect(lent).toMatchObject({ number: '7300', type: 'Visitor Card', state: 'Active' });
    expect(issued.cards.map((c) => c.type)).toEqual(['Visitor Card', 'Proximity Card']);
    expect(Date.parse(lent.until!)).toBe(Date.parse(until));
    const found = await checkCard(desk.session, '7300');
    expect(found).toMatchObject({ found: true, name: 'Jun Nakamura', card: { type: 'Visitor Card', active: true } });

    const collected = await cards.collect({ cardholder: jun, visitorName: 'Jun Nakamura', card: lent.href, number: '7300' });
    expect(collected.cards.map((c) => c.type)).toEqual(['Proximity Card']);
    expect(await checkCard(desk.session, '7300')).toEqual({ found: false, number: '7300' });
    const again = await cards.collect({ cardholder: jun, visitorName: 'Jun Nakamura', card: lent.href, number: '7300' }).then(() => 'collected', (e: Error) => e.message);
    expect(again).toBe("Card 7300 is no longer on Jun Nakamura's record: it was already collected or removed");
    // Newest first.
    expect(audit.matching({}).map((e) => [e.operator, e.action.kind, e.action.outcome])).toEqual([
      ['Morgan Reyes', 'visitorCard.collected', 'refused'],
      ['Morgan Reyes', 'visitorCard.collected', 'done'],
      ['Morgan Reyes', 'visitorCard.issued', 'done'],
    ]);
  });

  it('says in words why the server refused a card: another card holds the number, or the type does not allow it', async () => {
    const { cards, types, jun } = await cardDesk();
    const proximity = types.find((t) => t.name === 'Proximity Card')!;
    const visitorCard = types.find((t) => t.name === 'Visitor Card')!;
    const refusal = (type: typeof proximity, number: string) =>
      cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type, number, until: inAnHour() }).then(() => 'issued', (e: Error) => e.message);
    // 4104 is Priya Raman's proximity card.
    expect(await refusal(proximity, '4104')).toBe('Card 4104 is already given to someone else (a Proximity Card number is used once): take another card');
    expect(await refusal(proximity, '99999999')).toMatch(/^99999999 is not a Proximity Card number the server accepts: .*from 1 to 16777215/);
    expect(await refusal(visitorCard, 'VIS-9')).toMatch(/^VIS-9 is not a Visitor Card number the server accepts: .*Digits only, at most 40/);
    expect(await cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: visitorCard, number: '7301', until: new Date(Date.now() - 60_000).toISOString() }).catch((e: Error) => e.message))
      .toBe('The visit has ended: card 7301 would not open any door');
  });

  it('says a missing privilege and a missing licence in words, and audits each as refused', async () => {
    const { site, audit, cards, types, jun } = await cardDesk(undefined, true);
    const lend = () => cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: types[1]!, number: '7500', until: inAnHour() }).then(() => 'issued', (e: DeskError) => `${e.code}: ${e.message}`);
    expect(await lend()).toBe("forbidden: Card 7500 for Jun Nakamura: this operator lacks the privilege: The operator lacks the 'Edit Cardholders' privilege");
    site.control.setLicences(['RESTStatus']);
    expect(await lend()).toMatch(/^licence: .*not licensed.*RESTCardholders/);
    expect(audit.matching({}).map((e) => e.action.outcome)).toEqual(['refused', 'refused']);
  });

  it('checks the card in the reader by the number it reads, and issues that number', async () => {
    const { desk, cards, types, jun } = await cardDesk(async () => ({ number: '47000256001337111234567890199991', label: 'PIV · agency 4700 · card 001337' }));
    const before = await checkCardInReader(desk.session, () => cards.readNumber());
    expect(before).toEqual({ card: { number: '47000256001337111234567890199991', label: 'PIV · agency 4700 · card 001337' }, check: { found: false, number: '47000256001337111234567890199991' } });
    const read = await cards.readNumber();
    await cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: types.find((t) => t.name === 'Visitor Card')!, number: read.number, until: inAnHour() });
    expect((await checkCardInReader(desk.session, () => cards.readNumber())).check).toMatchObject({ found: true, name: 'Jun Nakamura' });
  });

  it('refuses to lend or collect while the server is away, sending nothing and keeping nothing to send later', async () => {
    const { site, desk, audit, cards, types, jun } = await cardDesk();
    const lent = (await cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: types[1]!, number: '7400', until: inAnHour() })).cards.find((c) => c.number === '7400')!;
    const writesBefore = writes.length;
    await site.stop();
    await eventually(() => desk.connection.phase !== 'connected' || undefined, 'the desk sees the server gone', 20_000);
    for (const attempt of [
      cards.issue({ cardholder: jun, visitorName: 'Jun Nakamura', type: types[1]!, number: '7401', until: inAnHour() }),
      cards.collect({ cardholder: jun, visitorName: 'Jun Nakamura', card: lent.href, number: '7400' }),
    ]) {
      const err = (await attempt.catch((e: unknown) => e)) as DeskError;
      expect(err).toBeInstanceOf(DeskError);
      expect(err.code).toBe('offline');
      expect(err.message).toMatch(/^Not connected to the server: (card 7401 for Jun Nakamura|collecting card 7400 from Jun Nakamura) was not sent/);
    }
    expect(writes.slice(writesBefore)).toEqual([]);
    expect(audit.matching({}).map((e) => e.action.outcome)).toEqual(['refused', 'refused', 'done']);
  });
});
