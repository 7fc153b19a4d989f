import type { kioskCalls } from '../../../shared/contract/kiosk';
import { DeskError } from '../../../shared/errors';
import type { KioskSettings } from '../kiosk/kiosk-settings';
import type { HandlerTable } from './handler-table';

/** Autostart and the exit PIN; absent kiosk settings (tools, tests) answer with a clear refusal. */
export function kioskHandlers(kiosk: KioskSettings | undefined): HandlerTable<keyof typeof kioskCalls> {
  const use = (): KioskSettings => {
    if (!kiosk) throw new DeskError('invalid-call', 'This desk was started without kiosk settings');
    return kiosk;
  };
  return {
    'kiosk.overview': async () => use().overview(),
    'kiosk.setAutostart': async ({ enabled }) => use().setAutostart(enabled),
    'kiosk.setExitPin': async ({ pin, currentPin }) => use().setExitPin(pin, currentPin),
    'kiosk.exit': async ({ pin }) => use().exit(pin),
  };
}
