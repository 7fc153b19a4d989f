import { z } from 'zod';
import { none } from './none';

/**
 * The embedded demo site's alarms: how many it raises, so a newcomer can quiet the demo in one place
 * (Settings → Demo site). `night`: a few an hour, as a real site at night; `off`: none (doors still
 * come and go). Nothing here reaches a configured server.
 */
export const DemoAlarmPace = z.enum(['night', 'off']);

/** The demo PIV cards' PIN: written where a newcomer on the demo site looks (the demo reader, the lock bar, Settings). */
export const DEMO_CARD_PIN = '123456';

/** The demo site's night: alarm-raising incidents (a forced door, a door held open) an hour. */
export const NIGHT_ALARMS_PER_HOUR = 6;
export type DemoAlarmPace = z.infer<typeof DemoAlarmPace>;

export const DemoAlarms = z.object({
  /** The desk shows the demo site now (the choice is kept for when it does). */
  onDemoSite: z.boolean(),
  pace: DemoAlarmPace,
  /** Alarm-raising incidents an hour at this pace. */
  perHour: z.number().int().min(0),
});
export type DemoAlarms = z.infer<typeof DemoAlarms>;

export const demoCalls = {
  'demo.alarms': { params: none, result: DemoAlarms },
  'demo.setAlarms': { params: z.object({ pace: DemoAlarmPace }).strict(), result: DemoAlarms },
} as const;
