import { describe, expect, it } from 'vitest';
import { commandLabel, needsDetails, sentMessage } from '../../../renderer/src/lib/board/command-labels';
import { describeCommandFailure } from '../../../renderer/src/lib/board/command-result';
import { needsConfirmation } from '../../../renderer/src/lib/override/confirmation';
import { DeskError } from '../../../shared/errors';

describe('command labels', () => {
  it('labels the spec command keys in words', () => {
    expect(commandLabel('open')).toBe('Open');
    expect(commandLabel('lock')).toBe('Lock');
    expect(commandLabel('lockDown')).toBe('Lock down');
    expect(commandLabel('freePinUntil')).toBe('Free with PIN until…');
    expect(commandLabel('forgiveAntiPassback')).toBe('Forgive anti-passback');
    expect(commandLabel('armUntil')).toBe('Arm until…');
  });

  it('labels a command it has never heard of from its key rather than hiding it', () => {
    expect(commandLabel('rebootReader')).toBe('Reboot reader');
  });

  it('knows which commands need an end time or number before sending', () => {
    expect(needsDetails('freeUntil')).toBe(true);
    expect(needsDetails('setZoneCount')).toBe(true);
    expect(needsDetails('open')).toBe(false);
  });

  it('asks for confirmation before lockdown, fence off, isolate and shunts only', () => {
    expect(needsConfirmation('accessZone', 'lockDown')).toBe(true);
    expect(needsConfirmation('fenceZone', 'off')).toBe(true);
    expect(needsConfirmation('input', 'isolate')).toBe(true);
    expect(needsConfirmation('input', 'shunt')).toBe(true);
    expect(needsConfirmation('door', 'open')).toBe(false);
    expect(needsConfirmation('interlockGroup', 'disable')).toBe(false);
  });
});

describe('command results', () => {
  it('says a sent command waits for the item to report', () => {
    expect(sentMessage('door')).toBe('Sent — waiting for the door to report');
  });

  it('says plainly when a command was refused, not sent, or has an unknown fate', () => {
    expect(describeCommandFailure('Open', new DeskError('forbidden', 'Operator lacks Override'))).toBe('Refused: Operator lacks Override');
    expect(describeCommandFailure('Open', new DeskError('offline', 'Server unreachable'))).toMatch(/^Not sent .*Server unreachable/);
    expect(describeCommandFailure('Open', new DeskError('network', 'Dropped'))).toMatch(/^Open: no answer.*Dropped/);
  });
});
