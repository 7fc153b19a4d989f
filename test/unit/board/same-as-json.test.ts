import { describe, expect, it } from 'vitest';
import { sameAsJson } from '../../../electron/core/board/same-as-json';
import { item } from '../renderer/fixtures';

describe('sameAsJson: the stored board stands for the server’s', () => {
  it('holds for values whose JSON is the same, whatever the order of their keys', () => {
    const gate = item('Gate');
    const reordered = Object.fromEntries(Object.entries(structuredClone(gate)).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(gate));
    expect(sameAsJson(gate, reordered)).toBe(true);
    expect(sameAsJson([gate, item('Lobby')], [structuredClone(gate), item('Lobby')])).toBe(true);
  });

  it('leaves out keys whose value is undefined, as JSON does', () => {
    expect(sameAsJson({ href: '/d/1', name: undefined }, { href: '/d/1' })).toBe(true);
    expect(sameAsJson({ href: '/d/1' }, { href: '/d/1', name: undefined })).toBe(true);
  });

  it('fails on any difference: a value, a key more or less, an array’s length or order, a type', () => {
    const gate = item('Gate');
    expect(sameAsJson(gate, { ...gate, name: 'Gate 2' })).toBe(false);
    expect(sameAsJson(gate, { ...gate, notes: 'new' })).toBe(false);
    const { name: _name, ...nameless } = gate;
    expect(sameAsJson(gate, nameless)).toBe(false);
    expect(sameAsJson({ floors: [1, 2] }, { floors: [2, 1] })).toBe(false);
    expect(sameAsJson({ floors: [1, 2] }, { floors: [1, 2, 3] })).toBe(false);
    expect(sameAsJson({ floors: [] }, { floors: {} })).toBe(false);
    expect(sameAsJson({ count: 1 }, { count: '1' })).toBe(false);
    expect(sameAsJson({ division: null }, { division: {} })).toBe(false);
    expect(sameAsJson([item('Gate')], [item('Gate'), item('Lobby')])).toBe(false);
  });
});
