import { describe, expect, it } from 'vitest';
import type { BoardItemsPart, BoardPage } from '../../../shared/contract/board';
import type { BoardItem } from '../../../shared/domain';
import { BoardAssembly } from '../../../renderer/src/lib/stores/board-assembly';
import { BoardFeed, type BoardContent, type BoardSink } from '../../../renderer/src/lib/stores/board-feed';
import { splitBoard } from '../../../electron/core/board/board-parts';
import { unpackPart } from '../../../shared/contract/board-packing';

const item = (n: number): BoardItem => ({ href: `d${n}`, id: String(n), kind: 'door', name: `Door ${n}`, commands: [], commandOffers: [], group: 'Site', floors: [] });
const items = (count: number, from = 0) => Array.from({ length: count }, (_, n) => item(from + n));
/** Every item closed, as main holds it. */
const closed = { status: (href: string) => ({ href, flags: ['closed'], statusText: '', receivedAt: 1 }), staleness: () => undefined };
const parts = (count: number, generation: number, from = 0) => splitBoard(items(count, from), generation, 10, closed);
const connection = { phase: 'connected' as const, since: 1, origin: 'https://site', demo: false, features: [], staleItems: 0 };
const page = (part: BoardItemsPart): BoardPage => ({ ...part, connection });

describe('BoardAssembly: the next board built aside, swapped in whole', () => {
  it('hands over a generation only on its last part, with every part in order', () => {
    const assembly = new BoardAssembly();
    const [a, b, c] = parts(25, 1);
    expect(assembly.offer(a!)).toEqual({ kind: 'waiting', generation: 1 });
    expect(assembly.offer(b!)).toEqual({ kind: 'waiting', generation: 1 });
    const done = assembly.offer(c!);
    expect(done.kind).toBe('complete');
    expect(done.kind === 'complete' && done.parts.flatMap((p) => unpackPart(p).items)).toEqual(items(25));
    expect(assembly.shown).toBe(1);
  });

  it('drops a generation whose part came out of order, and one whose part went missing', () => {
    const assembly = new BoardAssembly();
    const [a, b, c] = parts(25, 1);
    assembly.offer(a!);
    expect(assembly.offer(c!)).toMatchObject({ kind: 'broken', reason: 'part 2 of board 1 came where part 1 was due' });
    // What is left of the broken generation is not taken either: it is read again whole.
    expect(assembly.offer(b!)).toMatchObject({ kind: 'broken' });
    expect(assembly.shown).toBe(-1);
    expect(assembly.building).toBeUndefined();
  });

  it('drops a half-built generation when a newer one begins, and ignores the older one\'s late parts', () => {
    const assembly = new BoardAssembly();
    const older = parts(25, 1);
    const newer = parts(15, 2, 100);
    assembly.offer(older[0]!);
    expect(assembly.offer(newer[0]!)).toEqual({ kind: 'waiting', generation: 2 });
    expect(assembly.offer(older[1]!)).toEqual({ kind: 'ignored' });
    const done = assembly.offer(newer[1]!);
    expect(done.kind === 'complete' && done.parts.flatMap((p) => unpackPart(p).items)).toEqual(items(15, 100));
    // A generation already on screen, or older, changes nothing.
    expect(assembly.offer(older[0]!)).toEqual({ kind: 'ignored' });
  });

  it('takes generations from 1 again once reset (main restarted)', () => {
    const assembly = new BoardAssembly();
    assembly.offer(parts(5, 9)[0]!);
    assembly.reset();
    expect(assembly.offer(parts(5, 1)[0]!)).toMatchObject({ kind: 'complete', generation: 1 });
  });
});

/** A sink that records what the store would have been given, and a main that answers board.get from `pages`. */
function feedOver(pagesOf: () => BoardPage[]) {
  const shown: { how: 'replace' | 'published'; items: BoardItem[]; whole?: BoardContent }[] = [];
  const asked: number[] = [];
  const errors: unknown[] = [];
  const sink: BoardSink = {
    readStarted: () => undefined,
    readEnded: () => undefined,
    replace: (whole) => shown.push({ how: 'replace', items: whole.items, whole }),
    published: (content) => shown.push({ how: 'published', items: content.items, whole: content }),
  };
  const feed = new BoardFeed(
    sink,
    async (part) => {
      asked.push(part);
      const answer = pagesOf()[part];
      if (!answer) throw new Error(`no part ${part}`);
      return answer;
    },
    (err) => errors.push(err),
  );
  return { feed, shown, asked, errors };
}

describe('BoardFeed: events and board.get pages into whole boards for the store', () => {
  it('reads board.get page by page and gives the store one whole board with every page\'s statuses', async () => {
    const { feed, shown, asked } = feedOver(() => parts(25, 3).map(page));
    await feed.linkOpened();
    expect(asked).toEqual([0, 1, 2]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.how).toBe('replace');
    expect(shown[0]!.items).toEqual(items(25));
    expect(shown[0]!.whole!.statuses).toHaveLength(25);
  });

  it('asks for every other page as soon as the first says how many there are, and takes them in order', async () => {
    const answers = parts(25, 3).map(page);
    const waiting: { part: number; answer: () => void }[] = [];
    const shown: BoardItem[][] = [];
    const feed = new BoardFeed(
      { readStarted: () => undefined, readEnded: () => undefined, replace: (whole) => shown.push(whole.items), published: () => undefined },
      (part) => (part === 0 ? Promise.resolve(answers[0]!) : new Promise((resolve) => waiting.push({ part, answer: () => resolve(answers[part]!) }))),
      (err) => { throw err; },
    );
    const read = feed.linkOpened();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Both are out before either is answered.
    expect(waiting.map((w) => w.part)).toEqual([1, 2]);
    // The last is answered first: nothing is shown until the board is whole, and then in order.
    waiting[1]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toEqual([]);
    waiting[0]!.answer();
    await read;
    expect(shown).toEqual([items(25)]);
  });

  it('starts the read over when the board changes between pages, never mixing the two', async () => {
    let generation = 1;
    const { feed, shown, asked } = feedOver(() => {
      // Main's board changes after the first page was answered.
      const answer = parts(generation === 1 ? 25 : 12, generation, generation * 100).map(page);
      generation = 2;
      return answer;
    });
    await feed.linkOpened();
    // Parts 1 and 2 of the first board were asked together; the answers were of the second board.
    expect(asked).toEqual([0, 1, 2, 0, 1]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.items).toEqual(items(12, 200));
  });

  it('shows a board from events on its last part, and asks board.get again when a part is missing', async () => {
    const current = parts(25, 5).map(page);
    const { feed, shown, asked } = feedOver(() => current);
    const [a, , c] = parts(25, 4);
    feed.part(a!);
    expect(shown).toEqual([]);
    feed.part(c!);
    // Part 1 was lost: nothing half-built is shown, and the board is read again.
    await feed.settled();
    expect(asked).toEqual([0, 1, 2]);
    expect(shown.map((s) => s.how)).toEqual(['replace']);
    expect(shown[0]!.items).toEqual(items(25));
    const next = parts(3, 6, 50);
    feed.part(next[0]!);
    expect(shown.map((s) => s.how)).toEqual(['replace', 'published']);
    expect(shown[1]!.items).toEqual(items(3, 50));
  });

  it('hands a board from events over whole with the statuses and liveness its parts carried', () => {
    const { feed, shown } = feedOver(() => []);
    const all = items(25);
    const statuses = new Map(all.map((i) => [i.href, { href: i.href, flags: ['closed'], statusText: 'Closed', receivedAt: 2 }]));
    const stale = { href: all[12]!.href, state: 'stale' as const, since: 3, reason: 'No answer from the controller' };
    const held = { status: (href: string) => statuses.get(href), staleness: (href: string) => (href === stale.href ? stale : undefined) };
    for (const part of splitBoard(all, 4, 10, held)) feed.part(part);
    expect(shown.map((s) => s.how)).toEqual(['published']);
    expect(shown[0]!.whole).toEqual({ items: all, statuses: [...statuses.values()], liveness: [stale] });
  });

  it('reports a part whose shared values do not hold what its items name, and shows nothing of it', async () => {
    const { feed, shown, errors } = feedOver(() => []);
    const [part] = parts(3, 1);
    // Item 1's group names a floor list, not a text.
    feed.part({ ...part!, shared: [[], 'Site', [{ key: 'site' }]], items: part!.items.map((i, n) => (n === 1 ? { ...i, group: 2 } : i)) });
    expect(shown).toEqual([]);
    expect(String(errors[0])).toMatch(/item d1's group names shared value 2, which is not a text/);
  });

  it('takes in no more of a generation once one of its parts could not be read, and says so once', async () => {
    const { feed, shown, asked, errors } = feedOver(() => []);
    const [first, second, third] = parts(25, 1);
    feed.part(first!);
    feed.part({ ...second!, shared: [] });
    feed.part(third!);
    await feed.settled();
    // Not a lost part: the board is not read again, and the half board is never shown.
    expect(asked).toEqual([]);
    expect(shown).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/names shared value 0, but the part has 0/);
    // The next generation is taken in as usual.
    parts(3, 2, 50).forEach((p) => feed.part(p));
    expect(shown.map((s) => s.items)).toEqual([items(3, 50)]);
  });

  it('reads each page as it arrives: a broken page is reported before the pages after it come', async () => {
    const answers = parts(25, 3).map(page);
    const broken = { ...answers[1]!, shared: [] };
    const errors: unknown[] = [];
    const feed = new BoardFeed(
      { readStarted: () => undefined, readEnded: () => undefined, replace: () => undefined, published: () => undefined },
      // The last page never comes.
      (part) => (part === 2 ? new Promise<BoardPage>(() => undefined) : Promise.resolve(part === 1 ? broken : answers[part]!)),
      (err) => errors.push(err),
    );
    await feed.linkOpened();
    expect(String(errors[0])).toMatch(/names shared value 0, but the part has 0/);
  });

  it('tells the desk when board.get fails, and keeps what is shown', async () => {
    const { feed, shown, errors } = feedOver(() => []);
    await feed.linkOpened();
    expect(shown).toEqual([]);
    expect(String(errors[0])).toContain('no part 0');
  });
});
