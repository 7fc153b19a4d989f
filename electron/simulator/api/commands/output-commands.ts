import type { Operator } from '../../auth/operator';
import type { LiveOutput } from '../../model/output';
import type { CommandSpec, CommandTable } from './command-spec';

// cc_rest.yaml 403outputoverride: a privilege that allows overriding outputs, "such as 'Override'".
const OVERRIDE = ['Override'];

/**
 * cc_rest.yaml OutputDetail.commands: "It will be missing if your operator does not have a privilege
 * that allows overriding the output", so an output's map is trimmed by privilege (answered 403).
 */
const permits = (o: LiveOutput, operator: Operator) => operator.can(OVERRIDE, o.def.division);

function command(spec: Omit<CommandSpec<LiveOutput>, 'privileges' | 'permits'>): CommandSpec<LiveOutput> {
  return { ...spec, privileges: OVERRIDE, permits };
}

/**
 * cc_rest.yaml /api/outputs/{id}/…: on and off (an `...Until` key shares the href and takes an end
 * time), pulse (8.50; listed only where the output is set to pulse; from 8.70 a pulse on any other
 * output is answered 400) and cancel.
 */
export const outputCommands: CommandTable<LiveOutput> = [
  command({ segment: 'on', keys: ['on', 'onUntil'], body: 'optionalEndTime', run: (o, input) => o.overrideTo(true, input.endAt) }),
  command({ segment: 'off', keys: ['off', 'offUntil'], body: 'optionalEndTime', run: (o, input) => o.overrideTo(false, input.endAt) }),
  command({
    segment: 'pulse',
    keys: ['pulse'],
    body: 'none',
    since: '8.50',
    offeredBy: (o, world) => o.pulses || world.version.atLeast('8.70'),
    listed: (o) => o.pulses,
    refuse: (o) => (o.pulses ? undefined : 'The output is not configured for pulsing'),
    run: (o) => o.pulse(),
  }),
  command({ segment: 'cancel', keys: ['cancel'], body: 'none', run: (o) => o.cancel() }),
];
