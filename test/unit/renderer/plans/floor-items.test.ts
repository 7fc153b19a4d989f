import { describe, expect, it } from 'vitest';
import { floorLabel, matchPins } from '../../../../renderer/src/plans/lib/floor-items';
import { labelsShown } from '../../../../renderer/src/plans/lib/label-layout';
import { item } from '../fixtures';

const level1 = { key: 'floor:/api/elevator_groups/north:1', name: 'Level 1', floorNumber: 1, building: 'North Lifts' };
const level2 = { key: 'floor:/api/elevator_groups/north:2', name: 'Level 2', floorNumber: 2, building: 'North Lifts' };

describe('pins and the floor\'s items', () => {
  const lobby = item('Lobby', { floors: [level1] });
  const stairs = item('Stairs', { floors: [level1, level2] });
  const office = item('Office', { floors: [level2] });
  const items = [office, stairs, lobby];

  it('matches pins by the href\'s path, lists the rest of the floor and keeps pins of items gone from the board', () => {
    const pins = [
      // The same site on another port after a restart: still the Lobby.
      { href: lobby.href.replace('https://127.0.0.1', 'https://127.0.0.1:9443'), x: 0.1, y: 0.2 },
      { href: 'https://127.0.0.1/api/doors/Demolished', x: 0.5, y: 0.5 },
    ];
    const matched = matchPins(items, level1.key, pins);
    expect(matched.placed.map((p) => p.item.name)).toEqual(['Lobby']);
    expect(matched.unplaced.map((i) => i.name)).toEqual(['Stairs']);
    expect(matched.orphans.map((p) => p.href)).toEqual(['https://127.0.0.1/api/doors/Demolished']);
  });

  it('names the floor as the board does', () => {
    expect(floorLabel(items, level2.key)).toBe('Level 2 · North Lifts');
    expect(floorLabel(items, 'floor:gone:9')).toBe('floor:gone:9');
  });
});

describe('pin labels', () => {
  it('shows the names of pins that do not cover one already shown, in the order given', () => {
    const shown = labelsShown([
      { key: 'forced', x: 0, y: 0, width: 100, height: 40 },
      { key: 'near', x: 50, y: 10, width: 100, height: 40 },
      { key: 'far', x: 300, y: 0, width: 100, height: 40 },
    ]);
    expect([...shown]).toEqual(['forced', 'far']);
  });
});
