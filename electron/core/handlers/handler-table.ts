import type { CallName, CallResult, CheckedParams } from '../../../shared/contract';

/** Answers one contract call; its params were already checked against the call's schema. */
export type CallHandler<K extends CallName> = (params: CheckedParams<K>) => Promise<CallResult<K>>;

/**
 * Handlers for a set of calls, keyed by call name. The desk's table is `HandlerTable` over every call
 * of the contract: a call without a handler, or a handler with the wrong params or result, fails tsc
 * (test/types/handler-table.types.ts proves it).
 */
export type HandlerTable<K extends CallName = CallName> = { [N in K]: CallHandler<N> };
