import { describe, expect, it } from 'vitest';
import { kindNoun } from '../../../renderer/src/lib/board/kind-words';

describe('item kinds in words', () => {
  it('names each kind as a guard says it', () => {
    expect(kindNoun('door')).toBe('door');
    expect(kindNoun('fenceZone')).toBe('fence zone');
    expect(kindNoun('interlockGroup')).toBe('interlock group');
  });
});
