import { describe, expect, it } from 'vitest';
import { offersFor, sendable } from '../../../../renderer/src/alarms/lib/alarm-actions';
import { alarm } from './fixtures';

const offered = (list: Parameters<typeof offersFor>[0]) =>
  offersFor(list)
    .filter(sendable)
    .map((o) => `${o.action}${o.noteRequired ? '(note)' : ''}`);

describe('the actions offered', () => {
  it('offers each action exactly when its link is on the alarm', () => {
    // cc_rest.yaml: acknowledge absent once acknowledged; process absent while active; forceProcess only while active.
    expect(offered([alarm('1')])).toEqual(['acknowledge', 'process', 'comment(note)']);
    expect(offered([alarm('1', { actions: ['comment', 'process', 'processWithComment'] })])).toEqual(['process', 'comment(note)']);
    expect(offered([alarm('1', { active: true, actions: ['comment', 'acknowledge', 'acknowledgeWithComment', 'forceProcess'] })])).toEqual([
      'acknowledge',
      'forceProcess',
      'comment(note)',
    ]);
    expect(offered([alarm('1', { actions: [] })])).toEqual([]);
  });

  it('requires a note where only the …WithComment link is there', () => {
    const mandatory = alarm('1', { actions: ['comment', 'acknowledgeWithComment', 'processWithComment'] });
    expect(offered([mandatory])).toEqual(['acknowledge(note)', 'process(note)', 'comment(note)']);
    // Worked together with one that needs no note, the note is required for all.
    expect(offered([alarm('2'), mandatory])).toEqual(['acknowledge(note)', 'process(note)', 'comment(note)']);
  });

  it('offers for several only what every one of them allows', () => {
    const acknowledged = alarm('2', { state: 'acknowledged', actions: ['comment', 'process', 'processWithComment'] });
    expect(offered([alarm('1'), acknowledged])).toEqual(['process', 'comment(note)']);
    const forcedOne = alarm('3', { active: true, actions: ['comment', 'acknowledge', 'acknowledgeWithComment', 'forceProcess'] });
    expect(offered([alarm('1'), forcedOne])).toEqual(['acknowledge', 'comment(note)']);
  });

  it('offers nothing that could not be sent: a note required where one alarm has no …WithComment link', () => {
    const plainOnly = alarm('1', { actions: ['comment', 'acknowledge'] });
    const noteOnly = alarm('2', { actions: ['comment', 'acknowledgeWithComment'] });
    expect(offered([plainOnly, noteOnly])).toEqual(['comment(note)']);
  });
});
