import { checkEndTime, checkZoneCount } from '../../../shared/commands';
import { DeskError } from '../../../shared/errors';
import type { CommandRequest } from '../../../shared/contract';
import type { ItemFields } from './schemas';
import type { Transport } from './transport';

/**
 * Sends one override command to the href the server gave in the item's `commands` map. An `...Until`
 * command shares its base command's href and carries the end time in the body. Never retried: a POST
 * that may have reached the server must not be sent twice (a door opening twice is not harmless).
 */
export async function sendCommand(
  transport: Transport,
  item: Pick<ItemFields, 'name' | 'commands'>,
  request: Omit<CommandRequest, 'href'>,
): Promise<void> {
  const link = item.commands?.[request.command];
  if (!link) {
    throw new DeskError('invalid-call', `The server does not offer "${request.command}" on ${item.name}`);
  }
  const body = commandBody(request);
  const query = { requested_by: request.requestedBy };
  await transport.post(link.href, body, `${request.command} on ${item.name}`, query);
}

/** The body of a command, checked by the spec's rules before anything is sent (the renderer is untrusted). */
function commandBody(request: Omit<CommandRequest, 'href'>, now = new Date()): unknown {
  if (request.command.endsWith('Until')) {
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
