/**
 * In-page source for the benches' watchers (inside their WATCH_SCRIPT): `until(test, timeoutMs)` resolves
 * with the Date.now() at which `test()` first holds after a change to the page (checked at once too), or
 * null after `timeoutMs`; one MutationObserver for every waiter, so a probe is seen in the same task as
 * the change that shows it. `attributes`: changes of attributes count too (a pin's label).
 */
export function pageUntilSource(attributes: boolean): string {
  return `
  var waiters = new Set();
  new MutationObserver(function () {
    Array.from(waiters).forEach(function (check) { check(); });
  }).observe(document.body, { childList: true, subtree: true, characterData: true${attributes ? ', attributes: true' : ''} });
  function until(test, timeoutMs) {
    return new Promise(function (resolve) {
      var timer;
      function check() {
        if (!test()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(Date.now());
      }
      timer = setTimeout(function () { waiters.delete(check); resolve(null); }, timeoutMs);
      waiters.add(check);
      check();
    });
  }`;
}
