import { Agent, request } from 'undici';
import { GENERATED_PRIVILEGES } from '../../../electron/simulator/site/generated-skeleton';

/** The generated site's desk operator group and REST client (electron/simulator/site/generated-skeleton.ts). */
const GENERATED_DESK_GROUP = 'og-desk';
const GENERATED_REST_CLIENT = 'rc-gatehouse';

/**
 * The simulator's control API as the alarm bench drives it: raising server alarms at a door of the
 * site, one at a time (probes) or as a paced flood, and giving the site the licence its alarms need.
 */

/** cc_rest.yaml: the alarm and event calls need the RESTEvents licence (403 without it). */
const SITE_LICENCES = ['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV', 'RESTEvents'];
/** The simulator's privileges for seeing alarms and acting on them (electron/simulator/api/alarm-representation.ts). */
const ALARM_PRIVILEGES = ['View Events and Alarms', 'Edit Alarms'];

/**
 * Gives the generated site what a site with the server's alarms has: the RESTEvents licence, and the
 * desk's operator group the privileges to see and work alarms (the generated site has neither).
 */
export async function grantRestEvents(controlUrl: string): Promise<void> {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${controlUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? null : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await send('PUT', '/licences', SITE_LICENCES);
  await send('PATCH', `/operator-groups/${GENERATED_DESK_GROUP}`, { privileges: [...GENERATED_PRIVILEGES, ...ALARM_PRIVILEGES] });
  await send('POST', `/rest-clients/${GENERATED_REST_CLIENT}/refresh`);
}

/** One alarm to raise: at a door of the site, with a message the page is watched for. */
export interface AlarmToRaise {
  sourceId: string;
  /**
   * cc_rest.yaml: Alarm.priority 0–9, 9 the highest; the server makes alarms of events at priority 2 and
   * above (the simulator's default threshold), so the bench raises 2–9.
   */
  priority: number;
  message: string;
}

/**
 * The simulator's "External alarm": a one-part alarm (never `active`), so it can be processed at once
 * and no restore is needed; the bench's alarms differ only by priority and message.
 */
const KIND = 'external';

/** Alarms not yet processed on the server, whoever may see them (control API). */
export async function unprocessedAlarms(controlUrl: string): Promise<number> {
  const res = await fetch(`${controlUrl}/alarms/count`);
  if (!res.ok) throw new Error(`control GET alarms/count: ${res.status}`);
  return ((await res.json()) as { unprocessed: number }).unprocessed;
}

/** Raises `count` alarms at once at `sourceId` (the simulator's own flood: "Flood alarm i of N"), for a backlog. */
export async function raiseBacklog(controlUrl: string, count: number, sourceId: string, priority: number): Promise<void> {
  if (count <= 0) return;
  const res = await fetch(`${controlUrl}/alarms/flood`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count, kind: KIND, source: sourceId, priority }) });
  if (!res.ok) throw new Error(`control POST alarms/flood: ${res.status} ${await res.text()}`);
}

/** Raises server alarms through the control API and counts what it refused or failed. */
export class AlarmRaiser {
  private readonly agent = new Agent({ connections: 8 });
  sent = 0;
  failed = 0;
  lastFailure: string | undefined;

  constructor(private readonly controlUrl: string) {}

  /** Raises one alarm; answers its id, or undefined when the control API did not take it. */
  async raise(alarm: AlarmToRaise): Promise<string | undefined> {
    try {
      const res = await request(`${this.controlUrl}/alarms`, {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: KIND, source: alarm.sourceId, priority: alarm.priority, message: alarm.message }),
      });
      const text = await res.body.text();
      const raised = res.statusCode === 200 ? (JSON.parse(text) as { id: string; alarm: boolean }) : undefined;
      if (raised?.alarm) {
        this.sent++;
        return raised.id;
      }
      if (raised) throw new Error(`the server made no alarm of "${alarm.message}" (priority ${alarm.priority} is below its threshold)`);
      this.failed++;
      this.lastFailure = `control POST alarms: ${res.statusCode} ${text}`;
    } catch (err) {
      this.failed++;
      this.lastFailure = `control POST alarms: ${(err as Error).message}`;
    }
    return undefined;
  }

  /**
   * Raises `alarms` evenly over `seconds` (at most 8 in flight), by wall clock so a slow answer does
   * not lower the rate. Answers when each was sent (Date.now), in order; a refused one is left out.
   */
  async flood(alarms: readonly AlarmToRaise[], seconds: number): Promise<Map<string, number>> {
    const sentAt = new Map<string, number>();
    const startedAt = Date.now();
    const gapMs = (seconds * 1000) / Math.max(1, alarms.length);
    const inFlight = new Set<Promise<void>>();
    for (const [i, alarm] of alarms.entries()) {
      const wait = startedAt + i * gapMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      while (inFlight.size >= 8) await Promise.race(inFlight);
      const at = Date.now();
      const sending: Promise<void> = this.raise(alarm).then((id) => {
        if (id !== undefined) sentAt.set(alarm.message, at);
        inFlight.delete(sending);
      });
      inFlight.add(sending);
    }
    await Promise.all(inFlight);
    return sentAt;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
