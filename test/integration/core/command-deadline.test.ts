import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { sendCommand } from '../../../electron/core/api/commands';
import { getItem } from '../../../electron/core/api/items';
import { failureOutcome } from '../../../electron/core/offline/audited';
import { control, eventually, useDiscoveredSite } from '../support/site';

describe('an override the server does not answer in time', () => {
  const live = useDiscoveredSite();

  async function faults(body?: unknown) {
    const res = await request(`${live.site.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', body: body ? JSON.stringify(body) : undefined });
    await res.body.text();
  }

  it('is abandoned at the deadline with a timeout that says it may still happen, is never re-sent, and still happens', async () => {
    const door = await getItem(live.transport, 'door', `${live.site.url}/api/doors/d-plant`, { fields: ['commands'] });
    const before = (await control.events(live.site)).length;
    await faults({ latencyMs: 1_500 });
    try {
      const started = Date.now();
      const error = await sendCommand(live.transport, door, { command: 'open' }, { deadlineMs: 300 }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(error).toMatchObject({ code: 'timeout' });
      expect((error as Error).message).toMatch(/^No answer within 0 s to open on .*: the server may still carry it out\. It was not sent again\.$/);
      // The frozen server carries the command out when it resumes: once, because the desk never re-sends.
      const overrides = await eventually(async () => {
        const found = (await control.events(live.site)).slice(before).filter((e) => e.type === 'override');
        return found.length > 0 ? found : undefined;
      }, 'the late override');
      await new Promise((r) => setTimeout(r, 500));
      expect((await control.events(live.site)).slice(before).filter((e) => e.type === 'override')).toEqual(overrides);
      expect(overrides).toEqual([expect.objectContaining({ itemId: 'd-plant', command: 'open' })]);
    } finally {
      await faults();
    }
  });

  it('is uncertain, never accepted, when the server\'s 200 cannot be read: said so, audited as uncertain, never re-sent', async () => {
    const door = await getItem(live.transport, 'door', `${live.site.url}/api/doors/d-plant`, { fields: ['commands'] });
    const before = (await control.events(live.site)).length;
    await faults({ malformedJson: { count: 1 } });
    try {
      const error = await sendCommand(live.transport, door, { command: 'open' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'uncertain' });
      expect((error as Error).message).toMatch(/could not be read: it may have happened — watch the item\. It was not sent again\.$/);
      expect(failureOutcome(error)).toMatchObject({ outcome: 'uncertain' });
      await new Promise((r) => setTimeout(r, 500));
      // The fault answered in the server's place: nothing reached it, and the desk sent nothing more.
      expect((await control.events(live.site)).slice(before).filter((e) => e.type === 'override')).toEqual([]);
    } finally {
      await faults();
    }
  });
});
