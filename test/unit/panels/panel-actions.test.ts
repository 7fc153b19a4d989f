import { describe, expect, it } from 'vitest';
import { panelActions, variantToSend } from '../../../renderer/src/panels/lib/panel-actions';
import { untimedWords } from '../../../renderer/src/panels/lib/untimed-words';
import { item } from '../renderer/fixtures';

const alarmZone = item('Intruder', {
  kind: 'alarmZone',
  commands: ['arm', 'armUntil', 'cancel'],
  commandOffers: [
    { key: 'arm', name: 'Set' },
    { key: 'armUntil', name: 'Set until' },
    { key: 'disarm', name: 'Unset', disabled: 'The operator may not unset this zone now' },
    { key: 'disarmUntil', name: 'Unset until', disabled: 'The operator may not unset this zone now' },
    { key: 'cancel', name: 'Cancel' },
  ],
});

describe('the panel offers what the server offered, and shows a disabled command with its reason', () => {
  it('groups variants into actions, named as the server names them', () => {
    const actions = panelActions(alarmZone);
    expect(actions.map((a) => a.label)).toEqual(['Set', 'Unset', 'Cancel']);
    expect(actions.find((a) => a.action === 'arm')).toMatchObject({ needsDialog: true });
    expect(actions.find((a) => a.action === 'arm')!.unavailable).toBeUndefined();
    expect(actions.find((a) => a.action === 'cancel')).toMatchObject({ needsDialog: false });
  });

  it('an action whose every variant is disabled is unavailable with the server reason, and nothing can be chosen to send', () => {
    const disarm = panelActions(alarmZone).find((a) => a.action === 'disarm')!;
    expect(disarm.unavailable).toBe('The operator may not unset this zone now');
    expect(variantToSend(disarm, { pin: false, until: false })).toEqual({
      ok: false,
      reason: 'Disarm cannot be used now: The operator may not unset this zone now',
    });
    expect(variantToSend(disarm, { pin: false, until: true })).toMatchObject({ ok: false });
  });

  // cc_rest.yaml: AlarmZoneDetail.commands.*.name is the state's name ("Armed", "Disarmed", "User1"); cancel has none.
  it('with the standard state names, buttons keep the desk\'s verbs; the fence modes appear where the server offered them', () => {
    const perimeter = item('Perimeter', {
      kind: 'alarmZone',
      commands: ['arm', 'armUntil', 'disarm', 'user1', 'armHighVoltage', 'armHighVoltageUntil', 'armLowFeel', 'cancel'],
      commandOffers: [
        { key: 'arm', name: 'Armed' },
        { key: 'armUntil', name: 'Armed' },
        { key: 'disarm', name: 'Disarmed' },
        { key: 'user1', name: 'Night mode' },
        { key: 'armHighVoltage', name: 'Armed - High Voltage' },
        { key: 'armHighVoltageUntil', name: 'Armed - High Voltage' },
        { key: 'armLowFeel', name: 'Armed - Low Feel' },
        { key: 'cancel' },
      ],
    });
    const actions = panelActions(perimeter);
    expect(actions.map((a) => a.label)).toEqual(['Arm', 'Disarm', 'Night mode', 'Arm, fence high voltage', 'Arm, fence low feel', 'Back to schedule']);
    expect(actions.find((a) => a.action === 'armHighVoltage')).toMatchObject({ needsDialog: true, until: { key: 'armHighVoltageUntil' } });
  });

  it('a key offered without a link and without a reason is still never sent', () => {
    const door = item('Gate', { commands: [], commandOffers: [{ key: 'open' }] });
    expect(panelActions(door)[0]).toMatchObject({ unavailable: 'The server offered it without a link to send it to' });
  });

  it('an item whose commands are all unavailable (the last-known board) gives that reason for every offer, the server reason where it gave one', () => {
    const reason = 'Not connected: this is the last-known state. Commands return once the server answers.';
    // The stored item keeps the keys it could send: its liveness's reason holds them back all the same.
    expect(alarmZone.commands).toContain('arm');
    const actions = panelActions(alarmZone, reason);
    expect(actions.find((a) => a.action === 'arm')!.unavailable).toBe(reason);
    expect(actions.find((a) => a.action === 'cancel')!.unavailable).toBe(reason);
    expect(actions.find((a) => a.action === 'disarm')!.unavailable).toBe('The operator may not unset this zone now');
    const cancel = variantToSend(actions.find((a) => a.action === 'cancel')!, { pin: false, until: false });
    expect(cancel.ok).toBe(false);
    expect(!cancel.ok && cancel.reason.endsWith(`cannot be used now: ${reason}`)).toBe(true);
  });

  it('without commandOffers (an older core) the sendable keys are the offers', () => {
    const door = item('Gate', { commands: ['open'] });
    const actions = panelActions(door);
    expect(actions).toEqual([expect.objectContaining({ action: 'open', needsDialog: false })]);
    expect(actions[0]!.unavailable).toBeUndefined();
  });

  it('refuses a variant the server did not offer (no PIN variant of an alarm state)', () => {
    const arm = panelActions(alarmZone).find((a) => a.action === 'arm')!;
    expect(variantToSend(arm, { pin: true, until: false })).toMatchObject({ ok: false, reason: /does not offer Set with a PIN/ });
    expect(variantToSend(arm, { pin: false, until: true })).toMatchObject({ ok: true, value: { key: 'armUntil' } });
  });

  it('confirmation is asked for lockdown, interlock disable and macro run', () => {
    const zone = item('Lobby', { kind: 'accessZone', commands: ['lockDown', 'cancelLockDown'] });
    expect(panelActions(zone).map((a) => [a.action, a.needsDialog])).toEqual([
      ['lockDown', true],
      ['cancelLockDown', false],
    ]);
    expect(panelActions(item('Airlock', { kind: 'interlockGroup', commands: ['disable'] }))[0]!.confirm).toMatch(/^Disable interlocking/);
    expect(panelActions(item('Lockdown', { kind: 'macro', commands: ['run'] }))[0]!.confirm).toMatch(/^Run this macro now\?/);
  });
});

describe("an output's panel", () => {
  const gate = item('Loading dock gate relay', {
    kind: 'output',
    commands: ['on', 'onUntil', 'off', 'offUntil', 'pulse', 'cancel'],
    commandOffers: ['on', 'onUntil', 'off', 'offUntil', 'pulse', 'cancel'].map((key) => ({ key })),
  });

  it('offers on and off with the end-time dialog, pulse and cancel at one press', () => {
    const actions = panelActions(gate);
    expect(actions.map((a) => [a.label, a.needsDialog])).toEqual([
      ['Turn on', true],
      ['Turn off', true],
      ['Pulse (on for its pulse time)', false],
      ['Cancel override', false],
    ]);
    const on = actions[0]!;
    expect(variantToSend(on, { pin: false, until: true })).toMatchObject({ ok: true, value: { key: 'onUntil', untilOf: 'on' } });
    expect(variantToSend(on, { pin: false, until: false })).toMatchObject({ ok: true, value: { key: 'on' } });
  });

  it('says what an untimed override lasts for in words that fit an output', () => {
    expect(untimedWords('output')).toBe('Until cancelled (or the next scheduled change)');
    expect(untimedWords('accessZone')).toBe('Until the next scheduled change');
  });
});
