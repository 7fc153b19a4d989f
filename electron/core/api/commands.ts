import { checkEndTime, checkZoneCount } from '../../../shared/commands';
import { DeskError } from '../../../shared/errors';
import type { CommandRequest } from '../../../shared/contract';
import type { CommandMap } from './schemas';
import type { Transport } from './transport';

export type CommandInput = Omit<CommandRequest, 'href'>;

/** What sending needs of an item: its name for messages and the `commands` map the server gave. */
export interface CommandTarget {
  name: string;
  commands?: CommandMap;
}

const UNTIL = 'Until';

/**
 * How long the desk waits for the server to answer an override. A server that answers later may still
 * carry the command out (a frozen server opened a door 37 s after the press): the operator is told so,
 * and the item's status, not the answer, shows what happened. Never longer than the transport's own
 * limit, so this deadline is the one that speaks.
 */
export const COMMAND_DEADLINE_MS = 15_000;

export interface SendOptions {
  now?: Date;
  deadlineMs?: number;
}

/**
 * Sends one override command to the href the server gave in the item's `commands` map. An `...Until`
 * command shares its base command's href and carries the end time in the body. Never retried: a POST
 * that may have reached the server must not be sent twice (a door opening twice is not harmless).
 * `requested_by` goes in the query (servers before 8.70 ignore it). The request is abandoned at the
 * deadline with a `timeout` error that says the command may still happen.
 */
export async function sendCommand(transport: Transport, item: CommandTarget, request: CommandInput, options: SendOptions = {}): Promise<void> {
  const href = commandHref(item, request.command);
  const body = commandBody(request, options.now ?? new Date());
  const query = { requested_by: requestedBy(request.requestedBy) };
  const deadlineMs = options.deadlineMs ?? COMMAND_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  let answer: { statusCode: number; body: string };
  try {
    answer = await transport.post(href, body, `${request.command} on ${item.name}`, query, deadline);
  } catch (err) {
    if (!deadline.aborted) throw err;
    const seconds = Math.round(deadlineMs / 1000);
    throw new DeskError(
      'timeout',
      `No answer within ${seconds} s to ${request.command} on ${item.name}: the server may still carry it out. It was not sent again.`,
    );
  }
  if (!readable(answer)) {
    // The server answered, but not in words the desk can read: it may or may not have acted.
    throw new DeskError(
      'uncertain',
      `The server's answer to ${request.command} on ${item.name} could not be read: it may have happened — watch the item. It was not sent again.`,
    );
  }
}

/** A 204, or a 200 whose body is empty or JSON, as the server interface's answers are. */
function readable(answer: { statusCode: number; body: string }): boolean {
  if (answer.statusCode === 204 || answer.body.trim() === '') return true;
  try {
    JSON.parse(answer.body);
    return true;
  } catch {
    return false;
  }
}

/**
 * The href for a command, from the item's own `commands` map only. An Until key the map lacks falls
 * back to its base key's href: the spec gives both the same href, so that is still the server's link.
 */
export function commandHref(item: CommandTarget, command: string): string {
  const link = offered(item, command) ?? (command.endsWith(UNTIL) ? offered(item, command.slice(0, -UNTIL.length)) : undefined);
  if (!link) throw new DeskError('invalid-call', `The server does not offer "${command}" on ${item.name}`);
  // A disabled command has no href: it is shown with its reason and never sent.
  if (link.href === undefined) {
    const why = typeof link.disabled === 'string' ? `: ${link.disabled}` : '';
    throw new DeskError('invalid-call', `The server offers "${command}" on ${item.name} but not now${why}`);
  }
  return link.href;
}

/** The map's own entry only: `constructor` or `toString` must not find Object.prototype's. */
function offered(item: CommandTarget, key: string): CommandMap[string] | undefined {
  return item.commands && Object.hasOwn(item.commands, key) ? item.commands[key] : undefined;
}

/** The body of a command, checked by the rules of docs/server-interface.md §Overrides before anything is sent (the renderer is untrusted). */
export function commandBody(request: CommandInput, now: Date): unknown {
  const timed = request.command.endsWith(UNTIL);
  if (!timed && request.endTime !== undefined) {
    throw new DeskError('bad-request', `${request.command} takes no end time; use ${request.command}Until for a timed override`);
  }
  if (request.command !== 'setZoneCount' && request.zoneCount !== undefined) {
    throw new DeskError('bad-request', `${request.command} takes no zone count`);
  }
  if (timed) {
    if (!request.endTime) throw new DeskError('bad-request', `${request.command} needs an end time`);
    const endTime = checkEndTime(request.endTime, now);
    if (!endTime.ok) throw new DeskError('bad-request', endTime.reason);
    return { endTime: endTime.value };
  }
  if (request.command === 'setZoneCount') {
    if (request.zoneCount === undefined) throw new DeskError('bad-request', 'setZoneCount needs a zone count');
    const zoneCount = checkZoneCount(request.zoneCount);
    if (!zoneCount.ok) throw new DeskError('bad-request', zoneCount.reason);
    return { zoneCount: zoneCount.value };
  }
  return undefined;
}

function requestedBy(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const trimmed = id.trim();
  if (!trimmed) throw new DeskError('bad-request', 'requested_by needs the id of a cardholder');
  return trimmed;
}
