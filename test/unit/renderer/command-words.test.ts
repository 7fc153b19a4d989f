import { describe, expect, it } from 'vitest';
import { kindNoun, sentMessage } from '../../../renderer/src/lib/board/kind-words';
import { describeCommandFailure } from '../../../renderer/src/lib/board/command-result';
import { DeskError } from '../../../shared/errors';

describe('command results in the panel', () => {
  it('says a sent command waits for the item to report', () => {
    expect(sentMessage('door')).toBe('Sent — waiting for the door to report');
    expect(sentMessage('fenceZone')).toBe('Sent — waiting for the fence zone to report');
    expect(kindNoun('interlockGroup')).toBe('interlock group');
  });

  it('says plainly when a command was refused, not sent, or has an unknown fate', () => {
    expect(describeCommandFailure('Open', new DeskError('forbidden', 'Operator lacks Override'))).toBe('Refused: Operator lacks Override');
    expect(describeCommandFailure('Open', new DeskError('offline', 'Server unreachable'))).toMatch(/^Not sent .*Server unreachable/);
    expect(describeCommandFailure('Open', new DeskError('network', 'Dropped'))).toMatch(/^Open: no answer.*Dropped/);
    expect(describeCommandFailure('Open', new DeskError('server-error', 'HTTP 503'))).toBe('Open failed: HTTP 503');
  });
});
