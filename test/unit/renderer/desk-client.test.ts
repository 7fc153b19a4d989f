import { describe, expect, it } from 'vitest';
import { createDeskClient } from '../../../renderer/src/lib/desk/client';
import type { LinkState, Link } from '../../../renderer/src/lib/desk/link';
import { DeskError } from '../../../shared/errors';
import { item, status } from './fixtures';
import { splitBoard } from '../../../electron/core/board/board-parts';
import { unpackPart } from '../../../shared/contract/board-packing';

/** A link whose replies the test sets and whose events the test emits. */
function fakeLink(reply: (name: string, params: unknown) => unknown) {
  let emit: (name: string, payload: unknown) => void = () => {};
  const sent: { name: string; params: unknown }[] = [];
  const link: Link = {
    request: async (name, params) => {
      sent.push({ name, params });
      return reply(name, params);
    },
    onEvent: (listener) => {
      emit = listener;
      return () => {};
    },
    onLink: (listener: (s: LinkState) => void) => {
      listener({ phase: 'open', since: 0 });
      return () => {};
    },
  };
  return { link, sent, emit: (name: string, payload: unknown) => emit(name, payload) };
}

const connection = { phase: 'connected', since: 1, origin: 'https://127.0.0.1:8443', demo: true, features: [] };

describe('desk client calls', () => {
  it('unwraps an ok reply and returns the validated result', async () => {
    const door = item('Front');
    const { link, sent } = fakeLink(() => ({ ok: true, value: { connection, ...splitBoard([door], 1)[0], statuses: [] } }));
    const desk = createDeskClient(link, () => {});
    const snapshot = await desk.call('board.get', {});
    expect(unpackPart(snapshot).items).toEqual([door]);
    expect(sent).toEqual([{ name: 'board.get', params: {} }]);
  });

  it('throws a DeskError with the code and message of an {ok:false} reply', async () => {
    const { link } = fakeLink(() => ({ ok: false, error: { code: 'forbidden', message: 'No override privilege' } }));
    const desk = createDeskClient(link, () => {});
    const failure = desk.call('item.command', { href: 'h', command: 'open' });
    await expect(failure).rejects.toBeInstanceOf(DeskError);
    await expect(failure).rejects.toMatchObject({ code: 'forbidden', message: 'No override privilege' });
  });

  it('turns a link failure into a network DeskError naming the call', async () => {
    const { link } = fakeLink(() => {
      throw new Error('main process went away');
    });
    const desk = createDeskClient(link, () => {});
    await expect(desk.call('board.get', {})).rejects.toMatchObject({
      name: 'DeskError',
      code: 'network',
      message: 'board.get: no answer from Gatehouse: main process went away',
    });
  });

  it('refuses a reply that is not an envelope, or a result that breaks the contract', async () => {
    const notEnvelope = createDeskClient(fakeLink(() => 'hello').link, () => {});
    await expect(notEnvelope.call('board.get', {})).rejects.toMatchObject({ code: 'invalid-response' });
    const badResult = createDeskClient(fakeLink(() => ({ ok: true, value: { accepted: 'yes' } })).link, () => {});
    await expect(badResult.call('item.command', { href: 'h', command: 'open' })).rejects.toMatchObject({
      code: 'invalid-response',
      message: expect.stringContaining('accepted'),
    });
  });
});

describe('desk client events', () => {
  it('hands a valid event to its listeners until they unsubscribe', () => {
    const { link, emit } = fakeLink(() => undefined);
    const desk = createDeskClient(link, () => {});
    const got: unknown[] = [];
    const stop = desk.on('status.delta', (statuses) => got.push(statuses));
    const delta = [status(item('Front'), ['closed', 'locked', 'secure'])];
    emit('status.delta', delta);
    stop();
    emit('status.delta', delta);
    expect(got).toEqual([delta]);
  });

  it('reports a malformed payload and never applies it', () => {
    const { link, emit } = fakeLink(() => undefined);
    const problems: string[] = [];
    const desk = createDeskClient(link, (m) => problems.push(m));
    const got: unknown[] = [];
    desk.on('status.delta', (statuses) => got.push(statuses));
    emit('status.delta', [{ href: 'h', flags: 'closed', statusText: '', receivedAt: 1 }]);
    expect(got).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/^Ignored a malformed status\.delta event: 0\.flags: /)]);
  });

  it('reports an event name outside the contract', () => {
    const { link, emit } = fakeLink(() => undefined);
    const problems: string[] = [];
    createDeskClient(link, (m) => problems.push(m));
    emit('shell.exec', {});
    expect(problems).toEqual(['Ignored an event Gatehouse does not know: shell.exec']);
  });
});
