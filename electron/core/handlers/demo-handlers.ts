import type { DemoAlarmPace, DemoAlarms } from '../../../shared/contract/demo';
import type { HandlerTable } from './handler-table';

/** The demo site's alarm pace, as the shell that runs the demo site keeps it (electron/shells/compose/). */
export interface DemoAlarmControl {
  get(): DemoAlarms;
  set(pace: DemoAlarmPace): DemoAlarms;
}

/** Without a demo site (tools, tests): never on it, the pace as it would start. */
const noDemo: DemoAlarmControl = {
  get: () => ({ onDemoSite: false, pace: 'night', perHour: 0 }),
  set: () => noDemo.get(),
};

export function demoHandlers(control: DemoAlarmControl | undefined): HandlerTable<'demo.alarms' | 'demo.setAlarms'> {
  const use = control ?? noDemo;
  return {
    'demo.alarms': async () => use.get(),
    'demo.setAlarms': async ({ pace }) => use.set(pace),
  };
}
