import { z } from 'zod';
import type { Transport } from '../../../electron/core/api/transport';
import { transportTo, type ChildSimulator } from '../simulator-child';

/**
 * The site's other workstations, working the alarm queue as guards do: every few seconds, each alarm
 * older than `afterMs` that can be processed is processed, over REST with the site's REST client. A
 * soak's probes and background changes raise alarms all the time (a forced door, an input opened);
 * left alone, the server's queue grows by thousands an hour and the desk rightly holds them all, so a
 * soak would measure that growth instead of the desk's own. Shapes from cc_rest.yaml: the alarm list
 * (`next` to page on) and each summary's `processWithComment` / `process` links.
 */
const Link = z.object({ href: z.string() });
const Summary = z.object({ id: z.string(), time: z.string(), process: Link.optional(), processWithComment: Link.optional() }).passthrough();
const Page = z.object({ alarms: z.array(Summary), next: Link.optional() }).passthrough();
const Discovery = z.object({ features: z.object({ alarms: z.object({ alarms: Link }).passthrough() }).passthrough() }).passthrough();

export class OtherWorkstation {
  private readonly transport: Transport;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  processed = 0;
  failed = 0;

  constructor(
    sim: ChildSimulator,
    private readonly afterMs = 60_000,
    private readonly everyMs = 5_000,
  ) {
    this.transport = transportTo(sim);
  }

  start(): void {
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
    }, this.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    await this.transport.close();
  }

  private async sweep(): Promise<void> {
    const discovery = await this.transport.getJson(`${this.transport.baseUrl}/api`, Discovery, 'discovery');
    const due = Date.now() - this.afterMs;
    const links: string[] = [];
    let href: string | undefined = discovery.features.alarms.alarms.href;
    while (href) {
      const page: z.infer<typeof Page> = await this.transport.getJson(href, Page, 'the alarm list');
      for (const alarm of page.alarms) {
        const link = alarm.processWithComment ?? alarm.process;
        if (link && Date.parse(alarm.time) < due) links.push(link.href);
      }
      href = page.next?.href;
    }
    for (const link of links) {
      try {
        await this.transport.post(link, { comment: 'Processed at another workstation (bench soak)' }, 'processing an alarm');
        this.processed++;
      } catch {
        // Processed meanwhile by the desk or gone: the next sweep sees the queue as it is.
        this.failed++;
      }
    }
  }
}
