import { describe, expect, it } from 'vitest';
import type { ReaderEvent } from '../../../electron/core/piv/reader-service';
import { buildEnrolment } from '../../../electron/core/piv/enrolment';
import { DemoPivReader } from '../../../electron/shells/compose/demo-reader';

describe('the demo site reader', () => {
  it('reports virtual cards going in and out and reads them like a PC/SC reader', async () => {
    const reader = new DemoPivReader();
    const events: ReaderEvent[] = [];
    reader.onEvent((e) => events.push(e));
    expect(reader.listReaders()).toEqual([{ name: 'Gatehouse demo reader', cardPresent: false }]);
    await expect(reader.readCard(undefined)).rejects.toMatchObject({ code: 'no-card' });

    const waiting = reader.waitForCard(undefined, 5000);
    const card = await reader.insertNewCard('piv-i', { holder: 'Demo Visitor' });
    await expect(waiting).resolves.toMatchObject({ cardPresent: true });
    const read = await reader.readCard('Gatehouse demo reader', { pin: card.profile.pin });
    expect(read).toMatchObject({ kind: 'piv-i', reader: 'Gatehouse demo reader', fingerprintsRead: true });
    expect(buildEnrolment(read, '9.40').number).toBe(read.guid.decimal);

    reader.remove();
    expect(events.map((e) => e.type)).toEqual(['card-inserted', 'card-removed']);
    await expect(reader.readCard('Another reader')).rejects.toMatchObject({ code: 'reader-not-found' });
    await reader.close();
  });
});
