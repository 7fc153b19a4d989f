// Compiled by `npm run typecheck` (tsconfig.node.json), never run: each `@ts-expect-error` below must
// meet a real error, or tsc reports it unused. This proves the handler table is checked call by call.
import type { CallResult } from '../../shared/contract';
import type { HandlerTable } from '../../electron/core/handlers/handler-table';

declare const snapshot: CallResult<'board.get'>;

// A table that leaves out a call of the contract does not compile.
// @ts-expect-error every call but board.get lacks a handler
export const incomplete: HandlerTable = { 'board.get': async () => snapshot };

export const wrongResult: HandlerTable<'item.command'> = {
  // @ts-expect-error item.command answers a CommandOutcome, not text
  'item.command': async () => 'done',
};

export const wrongParams: HandlerTable<'site.connect'> = {
  // @ts-expect-error site.connect's params are { site }, they have no href
  'site.connect': async ({ href }: { href: string }) => ({ ...snapshot.connection, origin: href }),
};

export const strayCall: HandlerTable<'board.get'> = {
  'board.get': async () => snapshot,
  // @ts-expect-error a handler for a call the contract does not have
  'board.explode': async () => snapshot,
};
