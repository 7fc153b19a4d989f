import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { DemoPlanSeed } from '../../core/plans/demo-seed';

const DemoPlansFile = z.object({
  floors: z.array(
    z.object({
      /** The board's floor key for the demo site (`floor:/api/elevator_groups/<id>:<n>`). */
      floor: z.string().min(1),
      /** The drawing's file, beside this one. */
      file: z.string().regex(/^[a-z0-9-]+\.svg$/),
      name: z.string().min(1),
      pins: z.array(z.object({ item: z.string().startsWith('/'), x: z.number().min(0).max(1), y: z.number().min(0).max(1) })),
    }),
  ),
});

/**
 * The demo site's floor drawings (resources/plans: demo-plans.json names each floor's SVG and where its
 * doors and zones are drawn). Read by the shell, which knows where resources are: beside the sources
 * for the browser host and a development Electron, in the app's resources folder once packaged.
 */
export function readDemoPlans(plansDir: string): DemoPlanSeed[] {
  const manifest = DemoPlansFile.parse(JSON.parse(readFileSync(join(plansDir, 'demo-plans.json'), 'utf8')));
  return manifest.floors.map((f) => ({ floor: f.floor, name: f.name, bytes: readFileSync(join(plansDir, f.file)), pins: f.pins }));
}
