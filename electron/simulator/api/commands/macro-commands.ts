import type { LiveMacro } from '../../model/macro';
import type { CommandTable } from './command-spec';

export const RUN_MACRO_PRIVILEGES = ['Run Macros', 'Schedule and Run Macros'];

/**
 * `run` is offered only to operators who may run the macro: the run privilege in its division,
 * and, when the macro names the operator groups allowed to run it, membership of one of them.
 * (The run call's path, responses and errors are not shown; the simulator posts to /run → 204.)
 */
export const macroCommands: CommandTable<LiveMacro> = [
  {
    segment: 'run',
    keys: ['run'],
    privileges: RUN_MACRO_PRIVILEGES,
    body: 'none',
    permits: (macro, operator) =>
      operator.can(RUN_MACRO_PRIVILEGES, macro.def.division) &&
      (macro.def.runnableBy === undefined || macro.def.runnableBy.some((g) => operator.groups.includes(g))),
    run: (macro) => macro.run(),
  },
];
