import type { AlarmSummary } from '../../../../shared/contract/alarms';

/** An alarm as main sends it; cc_rest.yaml: Alarm.priority 0–9, state unacknowledged | acknowledged | processed. */
export function alarm(id: string, over: Partial<AlarmSummary> = {}): AlarmSummary {
  return {
    id,
    time: '2026-11-27T10:00:00Z',
    message: `Alarm ${id}`,
    source: { name: `Door ${id}` },
    kind: 'Door forced open',
    priority: 5,
    state: 'unacknowledged',
    active: false,
    actions: ['comment', 'acknowledge', 'acknowledgeWithComment', 'process', 'processWithComment'],
    notePresets: [],
    ...over,
  };
}
