import { describe, expect, it } from 'vitest';
import type { Discovery } from '../../../electron/core/api/discovery';
import { versionAtLeast } from '../../../shared/version';
import { capabilitiesOf, collectionHref } from '../../../electron/core/api/features';
import { cardTypeListHref } from '../../../electron/core/api/card-types';

function discovery(version: string, links: Record<string, string>): Discovery {
  return { version, links: new Map(Object.entries(links)) };
}

describe('versions compare as dotted numbers', () => {
  it.each([
    ['9.0', '8.70', true],
    ['8.70', '9.0', false],
    ['8.40.2', '8.40', true],
    ['8.40', '8.40.2', false],
    ['9.40', '9.40', true],
  ])('%s ≥ %s is %s', (a, b, expected) => {
    expect(versionAtLeast(a, b)).toBe(expected);
  });
});

describe('capabilitiesOf: what the app offers, from GET /api alone', () => {
  it('offers item types only where the server gave their link', () => {
    const caps = capabilitiesOf(discovery('9.40', { 'doors.doors': 'https://s/api/doors', 'macros.macros': 'https://s/api/macros' }));
    expect(caps.itemTypes).toEqual(['door', 'macro']);
    expect(() => collectionHref(discovery('9.40', {}), 'fenceZone')).toThrow(/no fence zone calls/);
  });

  it('follows the version table', () => {
    const old = capabilitiesOf(discovery('8.00', {}));
    expect(old).toMatchObject({
      fieldsExact: false,
      defaultPageSize: 100,
      requestedBy: false,
      basicAuth: false,
      doorLock: false,
      searchByDescription: false,
      chuidHashRequired: true,
    });
    const recent = capabilitiesOf(discovery('9.40', {}));
    expect(recent).toMatchObject({
      fieldsExact: true,
      defaultPageSize: 1000,
      requestedBy: true,
      basicAuth: true,
      doorLock: true,
      directDivision: true,
      unspecifiedDefaultOrder: true,
      chuidHashRequired: false,
    });
    expect(capabilitiesOf(discovery('8.60', {})).chuidHashRequired).toBe(true);
  });

  it('accepts both spellings of the cardholders link', () => {
    expect(capabilitiesOf(discovery('9.40', { 'cardholders.cardHolders': 'https://s/api/cardholders' })).cardholders).toBe(true);
  });
});

describe('card-type list path by version', () => {
  const links = { 'cardTypes.cardTypes': 'https://s/api/card_types', 'cardTypes.assign': 'https://s/api/card_types/assign' };
  it('uses the assign list from 8.10 and the plain list before', () => {
    expect(cardTypeListHref(discovery('8.10', links))).toBe('https://s/api/card_types/assign');
    expect(cardTypeListHref(discovery('8.00', links))).toBe('https://s/api/card_types');
    expect(cardTypeListHref(discovery('8.10', { 'cardTypes.cardTypes': 'https://s/api/card_types' }))).toBe('https://s/api/card_types');
    expect(cardTypeListHref(discovery('9.40', {}))).toBeUndefined();
  });
});
