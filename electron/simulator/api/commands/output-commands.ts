import type { LiveOutput } from '../../model/output';
import type { CommandTable } from './command-spec';

// cc_rest.yaml 403outputoverride: a privilege that allows overriding outputs, "such as 'Override'".
const OVERRIDE = ['Override'];

/**
 * cc_rest.yaml /api/outputs/{id}/…: on and off (an `...Until` key shares the href and takes an end
 * time), pulse (8.50; listed only where the output is set to pulse; from 8.70 a pulse on any other
 * output is answered 400) and cancel.
 */
export const outputCommands: CommandTable<LiveOutput> = [
  { segment: 'on', keys: ['on', 'onUntil'], privileges: OVERRIDE, body: 'optionalEndTime', run: (o, input) => o.overrideTo(true, input.endAt) },
  { segment: 'off', keys: ['off', 'offUntil'], privileges: OVERRIDE, body: 'optionalEndTime', run: (o, input) => o.overrideTo(false, input.endAt) },
  {
    segment: 'pulse',
    keys: ['pulse'],
    privileges: OVERRIDE,
    body: 'none',
    since: '8.50',
    offeredBy: (o, world) => o.pulses || world.version.atLeast('8.70'),
    listed: (o) => o.pulses,
    refuse: (o) => (o.pulses ? undefined : 'The output is not configured for pulsing'),
    run: (o) => o.pulse(),
  },
  { segment: 'cancel', keys: ['cancel'], privileges: OVERRIDE, body: 'none', run: (o) => o.cancel() },
];
