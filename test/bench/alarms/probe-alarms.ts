import { z } from 'zod';
import type { Transport } from '../../../electron/core/api/transport';
import { transportTo, type ChildSimulator } from '../simulator-child';

/**
 * The server's alarms as another workstation on the site works them, over REST with the site's REST
 * client: the bench processes each probe alarm once the desk has shown it, so the next probe is again
 * alone at the top of the queue. Shapes from cc_rest.yaml: the alarm's detail and its action links
 * (`processWithComment` whenever it can be processed; `process` too unless notes are mandatory).
 */
const Link = z.object({ href: z.string() });
const Alarm = z.object({ id: z.string(), process: Link.optional(), processWithComment: Link.optional() }).passthrough();
const Discovery = z.object({ features: z.object({ alarms: z.object({ alarms: Link }).passthrough() }).passthrough() }).passthrough();

export class ProbeAlarms {
  private readonly transport: Transport;
  private listHref: string | undefined;

  constructor(sim: ChildSimulator) {
    this.transport = transportTo(sim);
  }

  /** Processes the alarm with a note. Its href is the list's with its id (the simulator's; a bench shortcut, not a client's rule). */
  async process(id: string): Promise<void> {
    this.listHref ??= (await this.transport.getJson(`${this.transport.baseUrl}/api`, Discovery, 'discovery')).features.alarms.alarms.href;
    const alarm = await this.transport.getJson(`${this.listHref}/${encodeURIComponent(id)}`, Alarm, 'a probe alarm');
    const link = alarm.processWithComment ?? alarm.process;
    if (!link) throw new Error(`the server offers no way to process probe alarm ${id}`);
    await this.transport.post(link.href, { comment: 'Seen at the desk (bench probe)' }, 'processing a probe alarm');
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}
