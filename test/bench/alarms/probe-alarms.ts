import { z } from 'zod';
import type { Transport } from '../../../electron/core/api/transport';
import { transportTo, type ChildSimulator } from '../simulator-child';

/**
 * The server's alarm list as another workstation on the site reads and works it, over REST with the
 * site's REST client: the bench processes each probe alarm once the desk has shown it (so the next
 * probe is again alone at the top of the queue), and counts the unprocessed alarms before a start-up.
 * Shapes from cc_rest.yaml: AlarmSummary, the list's `next` while more, and the action links.
 */
const Link = z.object({ href: z.string() });
const AlarmSummary = z.object({ id: z.string(), message: z.string(), process: Link.optional(), processWithComment: Link.optional(), forceProcess: Link.optional() }).passthrough();
const AlarmList = z.object({ alarms: z.array(AlarmSummary), next: Link.optional() }).passthrough();
const Discovery = z.object({ features: z.object({ alarms: z.object({ alarms: Link }).passthrough() }).passthrough() }).passthrough();

export class ProbeAlarms {
  private readonly transport: Transport;
  private listHref: string | undefined;

  constructor(sim: ChildSimulator) {
    this.transport = transportTo(sim);
  }

  /** Every unprocessed alarm the REST client may see, page by page (at most 100 a page). */
  async *alarms(): AsyncGenerator<z.infer<typeof AlarmSummary>> {
    let href: string | undefined = await this.list();
    while (href) {
      const page: z.infer<typeof AlarmList> = await this.transport.getJson(href, AlarmList, 'the alarm list');
      yield* page.alarms;
      href = page.next?.href;
    }
  }

  async unprocessed(): Promise<number> {
    let n = 0;
    for await (const _ of this.alarms()) n++;
    return n;
  }

  /** Processes the alarm with this message, with a note (the link with a note is always there when it can be processed). */
  async process(message: string): Promise<void> {
    for await (const alarm of this.alarms()) {
      if (alarm.message !== message) continue;
      const link = alarm.processWithComment ?? alarm.process ?? alarm.forceProcess;
      if (!link) throw new Error(`the server offers no way to process the probe alarm "${message}"`);
      await this.transport.post(link.href, { comment: 'bench probe seen' }, 'processing a probe alarm');
      return;
    }
    throw new Error(`the probe alarm "${message}" is not in the server's list`);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private async list(): Promise<string> {
    this.listHref ??= (await this.transport.getJson(`${this.transport.baseUrl}/api`, Discovery, 'discovery')).features.alarms.alarms.href;
    return this.listHref;
  }
}
