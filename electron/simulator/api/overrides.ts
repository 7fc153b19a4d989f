import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { LiveItem } from '../model/live-item';
import type { World } from '../model/world';
import type { CommandInput, CommandSpec } from './commands/command-spec';
import { readEndTime } from './end-time';

/**
 * An override POST (Override commands; requested_by; Errors 400/403): licence, privilege, body,
 * end time and attribution are checked in that order, then the command runs and an event records
 * who did it. Answers 204 on success.
 */
export async function serveOverride(
  exchange: Exchange,
  item: LiveItem,
  command: CommandSpec,
  world: World,
  operator: Operator,
  /** Division of a cardholder by id (site cardholders and those created through the interface). */
  cardholderDivision: (id: string) => string | undefined,
): Promise<void> {
  if (!world.hasLicence('RESTOverrides')) return exchange.error(403, 'The site is not licensed for RESTOverrides');
  if (!operator.can(command.privileges, item.def.division)) {
    return exchange.error(403, `The operator lacks the '${command.privileges[0]}' privilege for this item`);
  }
  if (command.permits && !command.permits(item, operator)) {
    return exchange.error(403, 'The operator is not allowed to run this command on this item');
  }

  const text = await exchange.bodyText();
  let body: unknown = undefined;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (err) {
      return exchange.error(400, `The request body is not valid JSON: ${(err as Error).message}`);
    }
  }
  const input = readInput(command, body, world);
  if ('refusal' in input) return exchange.error(400, input.refusal);
  const refusal = command.refuse?.(item, input);
  if (refusal) return exchange.error(400, refusal);

  const requestedBy = readRequestedBy(exchange, world, operator, cardholderDivision);
  if (requestedBy && 'refusal' in requestedBy) return exchange.error(requestedBy.status, requestedBy.refusal);

  command.run(item, input);
  const endTime = input.endAt !== undefined ? new Date(input.endAt).toISOString() : undefined;
  world.events.add({
    type: 'override',
    collection: item.collection,
    itemId: item.id,
    command: command.keys[0]!,
    operator: operator.cardholderId,
    division: item.def.division,
    ...(requestedBy ? { requestedBy: requestedBy.cardholder } : {}),
    ...(endTime ? { endTime } : {}),
  });
  exchange.empty(204);
}

function readInput(command: CommandSpec, body: unknown, world: World): CommandInput | { refusal: string } {
  if (command.body === 'none') return {};
  const object = body === undefined ? {} : body;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    return { refusal: 'The request body must be a JSON object' };
  }
  const fields = object as Record<string, unknown>;
  if (command.body === 'zoneCount') {
    const count = fields.zoneCount;
    if (typeof count !== 'number' || !Number.isInteger(count)) return { refusal: 'zoneCount must be an integer' };
    return { zoneCount: count };
  }
  if (fields.endTime === undefined) return {};
  const end = readEndTime(fields.endTime, world.clock.now());
  if ('refusal' in end) return end;
  return end.endAt === undefined ? {} : { endAt: end.endAt };
}

/**
 * `requested_by` (from 8.70; older servers ignore it): a cardholder id the override is attributed
 * to. The operator needs 'Delegate API Activity' in that cardholder's division.
 */
function readRequestedBy(
  exchange: Exchange,
  world: World,
  operator: Operator,
  cardholderDivision: (id: string) => string | undefined,
): { cardholder: string } | { refusal: string; status: number } | undefined {
  const id = exchange.url.searchParams.get('requested_by');
  if (id === null || world.version.before('8.70')) return undefined;
  const division = cardholderDivision(id);
  if (!division) return { status: 400, refusal: `requested_by names no cardholder (${id.slice(0, 40)})` };
  if (!operator.can(['Delegate API Activity'], division)) {
    return { status: 403, refusal: "The operator lacks the 'Delegate API Activity' privilege in the cardholder's division" };
  }
  return { cardholder: id };
}
