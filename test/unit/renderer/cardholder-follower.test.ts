import { describe, expect, it } from 'vitest';
import { CardholderFollower } from '../../../renderer/src/enrolment/lib/cardholder-follower';

/** A scripted updates link: each call takes the next answer (or failure); calls after the script wait forever. */
function scripted(answers: ({ changed: boolean } | Error)[]) {
  const asked: string[] = [];
  let n = 0;
  const call = (href: string) => {
    asked.push(href);
    const answer = answers[n++];
    if (answer === undefined) return new Promise<never>(() => {});
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ ...answer, next: `next-${n}` });
  };
  return { call, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CardholderFollower', () => {
  it('takes the first answer as the start, reports each later change, and asks each next link in turn', async () => {
    const { call, asked } = scripted([{ changed: true }, { changed: false }, { changed: true }]);
    let changes = 0;
    new CardholderFollower(call, 'updates', () => changes++, () => {}, async () => {});
    await settle();
    expect(changes).toBe(1);
    expect(asked).toEqual(['updates', 'next-1', 'next-2', 'next-3']);
  });

  it('asks again after a failure, and gives up with the words of the third failure in a row', async () => {
    const { call, asked } = scripted([new Error('one'), { changed: true }, new Error('two'), new Error('three'), new Error('The server refused: 403')]);
    let reason: string | undefined;
    new CardholderFollower(call, 'updates', () => {}, (r) => (reason = r), async () => {});
    for (let i = 0; i < 10; i++) await settle();
    expect(reason).toBe('The server refused: 403');
    expect(asked).toEqual(['updates', 'updates', 'next-2', 'next-2', 'next-2']);
  });

  it('stops asking once stopped, and reports nothing after', async () => {
    let release: (v: { changed: boolean; next: string }) => void = () => {};
    const asked: string[] = [];
    const call = (href: string) => {
      asked.push(href);
      return new Promise<{ changed: boolean; next: string }>((resolve) => (release = resolve));
    };
    let changes = 0;
    const follower = new CardholderFollower(call, 'updates', () => changes++, () => {}, async () => {});
    release({ changed: false, next: 'n1' });
    await settle();
    follower.stop();
    release({ changed: true, next: 'n2' });
    await settle();
    expect(changes).toBe(0);
    expect(asked).toEqual(['updates', 'n1']);
  });
});
