import { describe, expect, it } from 'vitest';
import { REFUSAL_BURST, RefusalBudget, type Admission } from '../../../electron/core/api/refusal-budget';

/** A key check the test answers by hand, counting how often the budget asked. */
function manualCheck() {
  const asked: Array<(verdict: string | undefined | Error) => void> = [];
  const check = () =>
    new Promise<string | undefined>((resolve, reject) => asked.push((v) => (v instanceof Error ? reject(v) : resolve(v))));
  return { check, asked };
}

function budgetAt(start = 1_000) {
  const clock = { t: start };
  const { check, asked } = manualCheck();
  const budget = new RefusalBudget(check, { now: () => clock.t });
  return { budget, asked, clock };
}

const refusal = (a: Admission<string>) => ('refused' in a ? a.refused : undefined);

async function sendOnTrust(budget: RefusalBudget<string>): Promise<Admission<string>[]> {
  const sent: Admission<string>[] = [];
  for (let i = 0; i < REFUSAL_BURST; i++) sent.push(await budget.admit());
  return sent;
}

describe('the refusal budget: a burst of requests waits for one key check', () => {
  it('lets a few requests go on trust, then holds the rest for one shared check, and lets them all go when it passes', async () => {
    const { budget, asked, clock } = budgetAt();
    expect((await sendOnTrust(budget)).map(refusal)).toEqual(Array(REFUSAL_BURST).fill(undefined));
    expect(asked).toHaveLength(0);

    const held = Array.from({ length: 20 }, () => budget.admit());
    await Promise.resolve();
    expect(asked).toHaveLength(1);
    clock.t += 3;
    asked[0]!(undefined);
    expect((await Promise.all(held)).map(refusal)).toEqual(Array(20).fill(undefined));
    // The check proved everything before it: the next few go on trust again, with no second check.
    await sendOnTrust(budget);
    expect(asked).toHaveLength(1);
  });

  it('refuses every request waiting on a refused check with its answer, unsent, and the ones just behind it too', async () => {
    const { budget, asked, clock } = budgetAt();
    await sendOnTrust(budget);
    const held = [budget.admit(), budget.admit(), budget.admit()];
    await Promise.resolve();
    asked[0]!('401: unknown key');
    expect((await Promise.all(held)).map(refusal)).toEqual(Array(3).fill('401: unknown key'));
    clock.t += 10;
    expect(refusal(await budget.admit())).toBe('401: unknown key');
    expect(asked).toHaveLength(1);
  });

  it('never holds requests sent one after another, each after the last was answered (a search\'s pages)', async () => {
    const { budget, asked } = budgetAt();
    for (let i = 0; i < 50; i++) {
      const admission = await budget.admit();
      expect(refusal(admission)).toBeUndefined();
      if ('proven' in admission) admission.proven();
    }
    expect(asked).toHaveLength(0);
  });

  it('lets a burst go without a check while a request sent within the turnaround has just been answered (start-up\'s first calls)', async () => {
    const { budget, asked, clock } = budgetAt();
    const sent = await sendOnTrust(budget);
    clock.t += 5;
    const first = sent[0]!;
    if ('proven' in first) first.proven();
    for (let i = 0; i < 20; i++) expect(refusal(await budget.admit())).toBeUndefined();
    expect(asked).toHaveLength(0);
    // Once that answer is older than the turnaround, a burst waits for a check again.
    clock.t += budget.windowMs;
    for (let i = 0; i < REFUSAL_BURST; i++) await budget.admit();
    void budget.admit();
    await Promise.resolve();
    expect(asked).toHaveLength(1);
  });

  it('trusts requests spread wider than the turnaround without asking', async () => {
    const { budget, asked, clock } = budgetAt();
    for (let i = 0; i < 50; i++) {
      expect(refusal(await budget.admit())).toBeUndefined();
      clock.t += budget.windowMs / REFUSAL_BURST + 1;
    }
    expect(asked).toHaveLength(0);
  });

  it('learns the turnaround from its checks: a slow link widens the window', async () => {
    const { budget, asked, clock } = budgetAt();
    const before = budget.windowMs;
    await sendOnTrust(budget);
    const held = budget.admit();
    await Promise.resolve();
    clock.t += 400;
    asked[0]!(undefined);
    await held;
    expect(before).toBeLessThan(400);
    expect(budget.windowMs).toBe(800);
  });

  it('lets the waiting requests go when the check gives no verdict (a network failure they will each meet and report)', async () => {
    const { budget, asked } = budgetAt();
    await sendOnTrust(budget);
    const held = [budget.admit(), budget.admit()];
    await Promise.resolve();
    asked[0]!(new Error('connection reset'));
    expect((await Promise.all(held)).map(refusal)).toEqual([undefined, undefined]);
  });

  it('a request that gives up while waiting stops waiting at once', async () => {
    const { budget, asked } = budgetAt();
    await sendOnTrust(budget);
    const stop = new AbortController();
    const held = budget.admit(stop.signal);
    stop.abort();
    expect(refusal(await held)).toBeUndefined();
    expect(asked).toHaveLength(1); // the check still runs for those who wait
  });
});
