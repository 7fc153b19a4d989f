import { beforeAll, describe, expect, it } from 'vitest';
import { readBackup, writeBackup } from '../../../electron/core/plans/plan-backup';
import type { PlanHeader } from '../../../electron/core/plans/plan-store';
import { cleanSvg, makePng, loadSanitiserOnce, SANITISER_LOAD_MS } from './plan-fixtures';

const png = makePng(20, 10);
const header = (floor: string): PlanHeader => ({ floor, name: `${floor}.png`, mediaType: 'image/png', source: 'imported', width: 20, height: 10, removed: [], updatedAt: 1, bytes: png.length });
const backup = () => JSON.parse(writeBackup('demo', [{ header: header('floor:/g:1'), image: png, pins: [{ item: '/api/doors/1', x: 0.5, y: 0.5 }] }], 0).toString());
const read = (file: unknown) => () => readBackup('plans.json', Buffer.from(JSON.stringify(file)));

describe('a plan backup file', () => {
  beforeAll(loadSanitiserOnce, SANITISER_LOAD_MS);

  it('reads back what was written, image byte for byte', () => {
    const [floor] = readBackup('plans.json', writeBackup('demo', [{ header: header('floor:/g:1'), image: png, pins: [{ item: '/api/doors/1', x: 0.5, y: 0.5 }] }], 0));
    expect(floor).toMatchObject({ floor: 'floor:/g:1', plan: { name: 'floor:/g:1.png', mediaType: 'image/png', width: 20, height: 10 }, pins: [{ item: '/api/doors/1', x: 0.5, y: 0.5 }] });
    expect(Buffer.from(floor!.plan.image).equals(png)).toBe(true);
  });

  it('is refused, saying what and where, when it is another kind of file, another version, or out of range', () => {
    expect(() => readBackup('photo.json', makePng(2, 2))).toThrow(/"photo.json" was not restored: it is not a floor-plan backup \(not JSON text\)/);
    expect(read({ ...backup(), format: 'something-else' })).toThrow(/not restored: .* at format\. Nothing was changed\./);
    expect(read({ ...backup(), version: 2 })).toThrow(/at version/);
    const far = backup();
    far.floors[0].pins[0].x = 1.5;
    expect(read(far)).toThrow(/at floors\.0\.pins\.0\.x/);
  });

  it('is refused when a floor appears twice, or an image inside is not a plan (a script-bearing SVG)', () => {
    const twice = backup();
    twice.floors.push(twice.floors[0]);
    expect(read(twice)).toThrow(/the floor floor:\/g:1 appears twice at floors\.1\.floor/);
    const hostile = backup();
    hostile.floors[0].image = Buffer.from(cleanSvg().replace('</svg>', '<script>alert(1)</script></svg>')).toString('base64');
    expect(read(hostile)).toThrow(/its plan for floor 1 \(floor:\/g:1\) is unusable: .*<script> element/);
  });
});
