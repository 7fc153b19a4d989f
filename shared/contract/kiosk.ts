import { z } from 'zod';
import { none } from './none';

/** The kiosk's own settings as the Settings screen shows them; the exit PIN itself never comes back. */
export const KioskOverview = z.object({
  /** `kiosk`: full screen, no menu, no devtools, exit only with the PIN; `desk`: an ordinary window or browser. */
  profile: z.enum(['kiosk', 'desk']),
  autostart: z.object({
    /** False where this shell cannot register a login item (it says why in `reason`). */
    supported: z.boolean(),
    enabled: z.boolean(),
    /** Where the registration lives, e.g. ~/.config/autostart/gatehouse.desktop. */
    where: z.string().optional(),
    reason: z.string().optional(),
  }),
  exitPinSet: z.boolean(),
});
export type KioskOverview = z.infer<typeof KioskOverview>;

const Pin = z.string().regex(/^\d{4,12}$/, 'The exit PIN is 4 to 12 digits');

export const kioskCalls = {
  'kiosk.overview': { params: none, result: KioskOverview },
  'kiosk.setAutostart': { params: z.object({ enabled: z.boolean() }).strict(), result: KioskOverview },
  /** Sets or changes the exit PIN; changing one needs the current PIN. */
  'kiosk.setExitPin': { params: z.object({ pin: Pin, currentPin: z.string().max(12).optional() }).strict(), result: KioskOverview },
  /** Quits the kiosk when the PIN matches (Ctrl+Q and Alt+F4 are blocked in the kiosk profile). */
  'kiosk.exit': { params: z.object({ pin: z.string().max(12) }).strict(), result: z.object({ exiting: z.literal(true) }) },
} as const;
