import type { PersonInZone, RollCall } from '../../../../shared/contract/reception';

/** "Visitor" / "Staff", or nothing where the desk could not tell (the roll call says why). */
export function kindWord(person: Pick<PersonInZone, 'kind'>): string {
  return person.kind === 'visitor' ? 'Visitor' : person.kind === 'staff' ? 'Staff' : '';
}

/** One row per person: zone, name, visitor or staff, when last seen there, and whether they were marked safe here. */
export function rollCallCsv(roll: RollCall, safe: ReadonlySet<string>): string {
  const cell = (text: string) => (/[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : text);
  const rows = [['Zone', 'Name', 'Visitor or staff', 'Last seen', 'Marked safe at this desk']];
  for (const zone of roll.zones) {
    for (const p of zone.people) rows.push([zone.name, p.name, kindWord(p), p.at ?? '', safe.has(p.href) ? 'yes' : '']);
  }
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** "12 min" / "2 h 5 min": how old a copy is. */
export function age(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
