import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boardDigest } from '../../../electron/core/board/catalogue-board';
import { item } from '../renderer/fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the board's digest", () => {
  it("is the digest of the whole list's JSON, so a digest a desk stored before still matches the same board", () => {
    const board = [item('Gate'), item('Lobby'), item('Dock')];
    expect(boardDigest(board)).toBe(sha256(JSON.stringify(board)));
    expect(boardDigest([])).toBe(sha256('[]'));
  });

  it('changes with any item and with their order', () => {
    const gate = item('Gate');
    const lobby = item('Lobby');
    expect(boardDigest([gate, lobby])).not.toBe(boardDigest([lobby, gate]));
    expect(boardDigest([gate])).not.toBe(boardDigest([{ ...gate, name: 'Gate 2' }]));
  });
});
