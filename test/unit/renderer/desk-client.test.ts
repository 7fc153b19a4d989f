import { describe, expect, it } from 'vitest';
import { createDeskClient } from '../../../renderer/src/lib/desk/client';
import type { LinkState, Transport } from '../../../renderer/src/lib/desk/transport';
import { DeskError } from '../../../shared/errors';
import { item, status } from './fixtures';

/** A transport whose replies the test sets and whose events the test emits. */
function fakeTransport(reply: (name: string, params: unknown) => unknown) {
  let emit: (name: string, payload: unknown) => void = () => {};
  const sent: { name: string; params: unknown }[] = [];
  const transport: Transport = {
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
  return { transport, sent, emit: (name: string, payload: unknown) => emit(name, payload) };
}

const connection = { phase: 'connected', since: 1, origin: 'https://127.0.0.1:8443', demo: true, features: [] };

describe('desk client calls', () => {
  it('unwraps an ok reply and returns the validated result', async () => {
    const door = item('Front');
    const { transport, sent } = fakeTransport(() => ({ ok: true, value: { connection, items: [door], statuses: [] } }));
    const desk = createDeskClient(transport, () => {});
    const snapshot = await desk.call('board.get', {});
    expect(snapshot.items).toEqual([door]);
    expect(sent).toEqual([{ name: 'board.get', params: {} }]);
  });

  it('throws a DeskError with the code and message of an {ok:false} reply', async () => {
    const { transport } = fakeTransport(() => ({ ok: false, error: { code: 'forbidden', message: 'No override privilege' } }));
    const desk = createDeskClient(transport, () => {});
    const failure = desk.call('item.command', { href: 'h', command: 'open' });
    await expect(failure).rejects.toBeInstanceOf(DeskError);
    await expect(failure).rejects.toMatchObject({ code: 'forbidden', message: 'No override privilege' });
  });

  it('turns a transport failure into a network DeskError naming the call', async () => {
    const { transport } = fakeTransport(() => {
      throw new Error('main process went away');
    });
    const desk = createDeskClient(transport, () => {});
    await expect(desk.call('board.get', {})).rejects.toMatchObject({
      name: 'DeskError',
      code: 'network',
      message: 'board.get: no answer from Gatehouse: main process went away',
    });
  });

  it('refuses a reply that is not an envelope, or a result that breaks the contract', async () => {
    const notEnvelope = createDeskClient(fakeTransport(() => 'hello').transport, () => {});
    await expect(notEnvelope.call('board.get', {})).rejects.toMatchObject({ code: 'invalid-response' });
    const badResult = createDeskClient(fakeTransport(() => ({ ok: true, value: { accepted: 'yes' } })).transport, () => {});
    await expect(badResult.call('item.command', { href: 'h', command: 'open' })).rejects.toMatchObject({
      code: 'invalid-response',
      message: expect.stringContaining('accepted'),
    });
  });
});

describe('desk client events', () => {
  it('hands a valid event to its listeners until they unsubscribe', () => {
    const { transport, emit } = fakeTransport(() => undefined);
    const desk = createDeskClient(transport, () => {});
    const got: unknown[] = [];
    const stop = desk.on('status.delta', (statuses) => got.push(statuses));
    const delta = [status(item('Front'), ['closed', 'locked', 'secure'])];
    emit('status.delta', delta);
    stop();
    emit('status.delta', delta);
    expect(got).toEqual([delta]);
  });

  it('reports a malformed payload and never applies it', () => {
    const { transport, emit } = fakeTransport(() => undefined);
    const problems: string[] = [];
    const desk = createDeskClient(transport, (m) => problems.push(m));
    const got: unknown[] = [];
    desk.on('status.delta', (statuses) => got.push(statuses));
    emit('status.delta', [{ href: 'h', flags: 'closed', statusText: '', receivedAt: 1 }]);
    expect(got).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/^Ignored a malformed status\.delta event: 0\.flags: /)]);
  });

  it('reports an event name outside the contract', () => {
    const { transport, emit } = fakeTransport(() => undefined);
    const problems: string[] = [];
    createDeskClient(transport, (m) => problems.push(m));
    emit('shell.exec', {});
    expect(problems).toEqual(['Ignored an event Gatehouse does not know: shell.exec']);
  });
});
