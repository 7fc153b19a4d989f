import type { SimulatorOptions } from '../../simulator/index';
import { startDemoSite, type DemoSite } from './demo-site';

/**
 * The demo site keeps the ports it first got for the life of the process: the control address printed
 * at start (and the site address) still work after "Back to the demo site" restarts it. The ports are
 * free again by then, because the desk stops the old demo site before it starts the new one.
 */
export class DemoPorts {
  private first: { port: number; controlPort?: number } | undefined;

  constructor(private readonly startSite: (options: SimulatorOptions) => Promise<DemoSite> = startDemoSite) {}

  async start(options: SimulatorOptions = {}): Promise<DemoSite> {
    const site = await this.startSite({ ...options, ...this.first });
    this.first ??= {
      port: Number(new URL(site.simulator.url).port),
      ...(site.simulator.controlUrl ? { controlPort: Number(new URL(site.simulator.controlUrl).port) } : {}),
    };
    return site;
  }
}
