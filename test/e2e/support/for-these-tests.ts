import { test } from '@playwright/test';

/**
 * Something the tests of one spec file (or one describe block) share, such as a desk host, a site
 * simulator or a desk socket: started before the first of them and ended after the last (by `end`,
 * its `stop()` by default). The object returned is filled in once it has started, so the tests read it
 * as a value of their own.
 */
export function forTheseTests<T extends object>(
  start: () => Promise<T>,
  end: (started: T) => Promise<void> | void = (started) => (started as { stop(): Promise<void> }).stop(),
): T {
  const shared = {} as T;
  let started = false;
  test.beforeAll(async () => {
    Object.assign(shared, await start());
    started = true;
  });
  test.afterAll(async () => {
    if (started) await end(shared);
  });
  return shared;
}
