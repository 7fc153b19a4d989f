import type { BrowserWindow, Input } from 'electron';

/** Keys that would leave the kiosk: quit, close, reload, devtools, leave full screen. */
export function isEscapeKey(input: Pick<Input, 'type' | 'key' | 'control' | 'meta' | 'alt' | 'shift'>): boolean {
  if (input.type !== 'keyDown') return false;
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  if (command && ['q', 'w', 'r', 'n', 't'].includes(key)) return true;
  if (command && input.shift && ['i', 'j', 'c'].includes(key)) return true;
  if (input.alt && key === 'f4') return true;
  return ['f5', 'f11', 'f12'].includes(key);
}

/**
 * The kiosk profile's lock: keys that would quit, close or leave full screen do nothing, and the
 * window cannot be closed (Alt+F4 from the window manager included) until the exit PIN was entered in
 * Settings, which calls `allowExit`.
 */
export function guardKioskWindow(window: BrowserWindow): { allowExit(): void } {
  let exiting = false;
  window.webContents.on('before-input-event', (event, input) => {
    if (!exiting && isEscapeKey(input)) event.preventDefault();
  });
  window.on('close', (event) => {
    if (!exiting) event.preventDefault();
  });
  window.on('leave-full-screen', () => {
    if (!exiting) window.setKiosk(true);
  });
  return {
    allowExit() {
      exiting = true;
    },
  };
}
