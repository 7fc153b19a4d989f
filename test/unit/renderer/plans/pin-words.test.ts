import { describe, expect, it } from 'vitest';
import { readStatus } from '../../../../shared/status';
import { pinWords } from '../../../../renderer/src/plans/lib/pin-words';
import { item } from '../fixtures';

describe('what a pin says', () => {
  const door = item('Lobby Main Entrance');

  it('leads with the tile\'s headline: the reason when not normal, in words beside the mark', () => {
    const words = pinWords(door, readStatus('door', ['forced', 'open', 'unlocked']), { muted: false });
    expect(words.word).toBe('Forced');
    expect(words.mark).toBe('!');
    expect(words.label).toMatch(/^Lobby Main Entrance: Forced\b/);
  });

  it('says a calm door\'s state, and says when the desk is not hearing about it', () => {
    const calm = pinWords(door, readStatus('door', ['closed', 'locked', 'secure']), { muted: false });
    expect(calm.word).toBe('Closed');
    expect(calm.mark).toBe('✓');
    const stale = pinWords(door, readStatus('door', ['closed', 'locked', 'secure']), {
      muted: true,
      liveness: { href: door.href, state: 'stale', since: 0, reason: 'The server stopped answering' },
    });
    expect(stale.label).toBe(`${calm.label} (not live: The server stopped answering)`);
  });
});
