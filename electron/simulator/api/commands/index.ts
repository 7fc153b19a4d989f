import type { Operator } from '../../auth/operator';
import type { Collection, LiveItem } from '../../model/live-item';
import type { World } from '../../model/world';
import type { Links } from '../links';
import { accessZoneCommands } from './access-zone-commands';
import { alarmZoneCommands } from './alarm-zone-commands';
import type { CommandSpec, CommandTable } from './command-spec';
import { doorCommands } from './door-commands';
import { fenceZoneCommands } from './fence-zone-commands';
import { inputCommands } from './input-commands';
import { interlockGroupCommands } from './interlock-group-commands';
import { macroCommands } from './macro-commands';
import { outputCommands } from './output-commands';

const TABLES: Partial<Record<Collection, CommandTable>> = {
  doors: doorCommands as unknown as CommandTable,
  access_zones: accessZoneCommands as unknown as CommandTable,
  alarm_zones: alarmZoneCommands as unknown as CommandTable,
  fence_zones: fenceZoneCommands as unknown as CommandTable,
  inputs: inputCommands as unknown as CommandTable,
  interlock_groups: interlockGroupCommands as unknown as CommandTable,
  macros: macroCommands as unknown as CommandTable,
  outputs: outputCommands as unknown as CommandTable,
};

/** The commands this item offers at this server version, by URL segment. */
export function commandsOf(item: LiveItem, world: World, operator: Operator): CommandSpec[] {
  return (TABLES[item.collection] ?? []).filter(
    (c) => (!c.since || world.version.atLeast(c.since)) && (!c.offeredBy || c.offeredBy(item, world, operator)),
  );
}

export function findCommand(item: LiveItem, world: World, operator: Operator, segment: string): CommandSpec | undefined {
  return commandsOf(item, world, operator).find((c) => c.segment === segment);
}

/** The item's `commands` map: every key with its href (alarm zone commands also carry a name). */
export function commandMap(
  item: LiveItem,
  world: World,
  links: Links,
  operator: Operator,
): Record<string, { href: string; name?: string }> {
  const map: Record<string, { href: string; name?: string }> = {};
  for (const command of commandsOf(item, world, operator)) {
    if (command.permits && !command.permits(item, operator)) continue;
    if (command.listed && !command.listed(item)) continue;
    const href = links.command(item.collection, item.id, command.segment);
    for (const key of command.keys) {
      const name = command.names?.[key];
      map[key] = name ? { href, name } : { href };
    }
  }
  return map;
}
