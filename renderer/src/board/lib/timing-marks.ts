/**
 * User Timing marks of a start, set once each. Anyone profiling the desk sees them in a DevTools
 * trace; `npm run bench` and `bench:cold` read them after the start, so no DevTools client and no
 * second desk socket has to watch the page while it loads (test/bench/desk/unwatched-start.ts).
 */

/** The first whole board is in the page, in whichever view (the last-known board's, or the server's). */
export const BOARD_SHOWN_MARK = 'gatehouse:board-shown';

/** The server's board is on the page and live: connected, and no item the desk is not hearing about. */
export const BOARD_LIVE_MARK = 'gatehouse:board-live';
