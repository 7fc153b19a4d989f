/**
 * A User Timing mark set when the first whole board's tiles are in the page. Anyone profiling the
 * desk sees it in a DevTools trace; `npm run bench:cold` reads it after the start, so no DevTools
 * client has to watch the page while it loads (test/bench/desk/unwatched-chromium.ts).
 */
export const BOARD_SHOWN_MARK = 'gatehouse:board-shown';
