import { describe, expect, it } from 'vitest';
import { actOnAlarms, linkFor } from '../../../electron/core/alarms/alarm-actions';
import type { ServerAlarm } from '../../../electron/core/api/alarms';
import type { Transport } from '../../../electron/core/api/transport';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { auditMigrations } from '../../../electron/core/offline/audit-migrations';
import { LocalStore } from '../../../electron/core/offline/local-store';
import type { AlarmFeed } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';

const base = 'https://cc.test/api/alarms/7';
const alarm = (fields: Partial<ServerAlarm> = {}): ServerAlarm => ({
  href: base,
  id: '7',
  time: '2026-11-27T10:00:00Z',
  message: 'Forced door',
  type: 'Door forced open',
  source: { id: '12', name: 'Dock door', href: 'https://cc.test/api/doors/12' },
  priority: 8,
  state: 'unacknowledged',
  active: false,
  comment: { href: `${base}/comment` },
  acknowledge: { href: `${base}/acknowledge` },
  acknowledgeWithComment: { href: `${base}/acknowledge?c` },
  process: { href: `${base}/process` },
  processWithComment: { href: `${base}/process?c` },
  ...fields,
});

function acting(alarms: ServerAlarm[], feed: AlarmFeed, answer: (href: string) => void = () => undefined) {
  const store = LocalStore.openFile(':memory:', { migrations: auditMigrations });
  const audit = new AuditLog(store, { desk: 'test desk' });
  const posted: { href: string; body: unknown }[] = [];
  const transport = {
    post: async (href: string, body: unknown) => {
      posted.push({ href, body });
      answer(href);
      return { statusCode: 200, body: '' };
    },
  } as unknown as Transport;
  const on = {
    site: { read: <T>(reader: (t: Transport, d: never) => Promise<T>) => reader(transport, undefined as never) },
    feed: () => feed,
    alarm: (id: string) => alarms.find((a) => a.id === id),
    sourceOf: (a: ServerAlarm) => ({ href: a.source!.href!, name: a.source!.name! }),
    audit,
  };
  return { on, posted, audit };
}

const live: AlarmFeed = { source: 'server', live: true, behind: false };

describe('acting on server alarms', () => {
  it('follows the alarm\'s own link, the …WithComment one when a note is given, and records each in the audit log', async () => {
    const { on, posted, audit } = acting([alarm()], live);
    expect(await actOnAlarms({ ids: ['7'], action: 'acknowledge' }, on)).toEqual({ results: [{ id: '7', outcome: 'done' }] });
    await actOnAlarms({ ids: ['7'], action: 'process', comment: 'Guard checked the dock' }, on);
    expect(posted).toEqual([
      { href: `${base}/acknowledge`, body: {} },
      { href: `${base}/process?c`, body: { comment: 'Guard checked the dock' } },
    ]);
    const entries = audit.list({ limit: 10 }).entries.map((e) => e.action);
    expect(entries).toContainEqual(expect.objectContaining({ kind: 'alarm.acted', alarm: '7', action: 'process', note: 'Guard checked the dock', alarmKind: 'Door forced open', item: { href: 'https://cc.test/api/doors/12', name: 'Dock door' }, outcome: 'done' }));
  });

  it('refuses an action whose link is absent, saying which, and sends nothing', () => {
    expect(() => linkFor(alarm({ acknowledge: undefined }), 'acknowledge', undefined)).toThrow(/requires a note to acknowledge/);
    expect(() => linkFor(alarm({ acknowledge: undefined, acknowledgeWithComment: undefined }), 'acknowledge', undefined)).toThrow(/already acknowledged/);
    expect(() => linkFor(alarm({ active: true, process: undefined, processWithComment: undefined, forceProcess: { href: `${base}/process` } }), 'process', 'x')).toThrow(/still active/);
    expect(() => linkFor(alarm(), 'forceProcess', undefined)).toThrow(/not active/);
    expect(() => linkFor(alarm(), 'comment', undefined)).toThrow(/Type a note/);
  });

  it('acts on many alarms at once with each one\'s outcome: one refused by its links, one by the server, one done', async () => {
    const alarms = [alarm({ id: '1', acknowledge: undefined }), alarm({ id: '2', acknowledge: { href: `${base}/2/acknowledge` } }), alarm({ id: '3' })];
    const { on, audit } = acting(alarms, live, (href) => {
      if (href.includes('/2/')) throw new DeskError('forbidden', 'The alarm action: this operator lacks the privilege');
    });
    const { results } = await actOnAlarms({ ids: ['1', '2', '3', 'gone'], action: 'acknowledge' }, on);
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      ['1', 'refused'],
      ['2', 'refused'],
      ['3', 'done'],
      ['gone', 'refused'],
    ]);
    expect(results[0]!.text).toMatch(/requires a note/);
    expect(audit.list({ limit: 10 }).total).toBe(4);
  });

  it('refuses everything while the queue is not live, never queues it, and records the refusal', async () => {
    const { on, posted, audit } = acting([alarm()], { source: 'server', live: false, behind: false, reason: 'The server is not answering' });
    await expect(actOnAlarms({ ids: ['7'], action: 'acknowledge' }, on)).rejects.toMatchObject({ code: 'offline', message: expect.stringMatching(/nothing was sent/) });
    expect(posted).toEqual([]);
    expect(audit.list({ limit: 10 }).entries[0]?.action).toMatchObject({ kind: 'alarm.acted', outcome: 'refused' });
  });
});
