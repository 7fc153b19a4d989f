import { describe, expect, it } from 'vitest';
import type { Discovery } from '../../../electron/core/api/discovery';
import { ITEM_TYPES } from '../../../electron/core/api/item-types';
import { searchQuery } from '../../../electron/core/api/search-query';

const at = (version: string): Discovery => ({ version, links: new Map() });

describe('searchQuery: the documented search parameters, checked before sending', () => {
  it('sorts by id unless told otherwise', () => {
    expect(searchQuery(ITEM_TYPES.door, at('9.40'), {}, 'x')).toEqual({ sort: 'id' });
    expect(searchQuery(ITEM_TYPES.door, at('9.40'), { sort: '-name' }, 'x').sort).toBe('-name');
  });

  it('passes every parameter in the spec form: comma lists, names as given', () => {
    const query = searchQuery(
      ITEM_TYPES.door,
      at('9.40'),
      { top: 5, name: '"Front door"', description: 'lobby%', division: ['d1', 'd2'], directDivision: ['d3'], fields: ['statusFlags'] },
      'Door search',
    );
    expect(query).toEqual({
      sort: 'id',
      top: 5,
      name: '"Front door"',
      description: 'lobby%',
      division: 'd1,d2',
      directDivision: 'd3',
      fields: 'href,id,name,statusFlags',
    });
  });

  it.each([0, -1, 2.5])('refuses top=%s', (top) => {
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { top }, 'Door search')).toThrow(/top must be a whole number/);
  });

  it('refuses a top larger than the page Gatehouse would accept back', () => {
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { top: 10_001 }, 'Door search')).toThrow(/top must be at most 10000, not 10001/);
  });

  it('refuses the empty name and description the spec calls undefined', () => {
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { name: '' }, 'x')).toThrow(/empty name/);
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { description: '' }, 'x')).toThrow(/empty description/);
  });

  it('refuses parameters the server version does not know, naming the version needed', () => {
    expect(() => searchQuery(ITEM_TYPES.door, at('8.50'), { description: 'x' }, 'x')).toThrow(/8\.60 or later \(this is 8\.50\)/);
    expect(() => searchQuery(ITEM_TYPES.door, at('9.10'), { directDivision: ['a'] }, 'x')).toThrow(/9\.20 or later/);
    expect(searchQuery(ITEM_TYPES.door, at('8.60'), { description: 'x' }, 'x').description).toBe('x');
  });

  it('refuses division filters on day categories, which have no division', () => {
    expect(() => searchQuery(ITEM_TYPES.dayCategory, at('9.40'), { division: ['a'] }, 'x')).toThrow(/takes no division/);
    expect(() => searchQuery(ITEM_TYPES.dayCategory, at('9.40'), { description: 'a' }, 'x')).toThrow(/takes no description/);
  });

  it('refuses division URLs and empty lists: the filter takes ids', () => {
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { division: ['https://s/api/divisions/1'] }, 'x')).toThrow(/division ids/);
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { division: [] }, 'x')).toThrow(/at least one/);
  });

  it('refuses field names the type does not have (they are case-sensitive) and keeps defaults', () => {
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { fields: ['statusflags'] }, 'x')).toThrow(/no field "statusflags"/);
    expect(() => searchQuery(ITEM_TYPES.door, at('9.40'), { fields: ['zoneCount'] }, 'x')).toThrow(/no field/);
    expect(searchQuery(ITEM_TYPES.accessZone, at('9.40'), { fields: ['defaults', 'zoneCount'] }, 'x').fields).toBe('href,id,name,defaults,zoneCount');
    expect(searchQuery(ITEM_TYPES.dayCategory, at('9.40'), { fields: ['notes'] }, 'x').fields).toBe('href,name,notes');
  });
});
