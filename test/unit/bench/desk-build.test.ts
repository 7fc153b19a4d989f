import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_PARTS, ensureBuilt, missingBuild } from '../../bench/desk/desk-build';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout folder with the given parts of a build in it. */
function checkout(parts: readonly string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-build-'));
  folders.push(dir);
  for (const part of parts) writeBuilt(dir, part);
  return dir;
}

function writeBuilt(dir: string, part: string): void {
  mkdirSync(dirname(join(dir, part)), { recursive: true });
  writeFileSync(join(dir, part), '');
}

describe('the desk benches on a fresh clone', () => {
  it('names what a checkout lacks of its build', () => {
    expect(missingBuild(checkout())).toEqual([...BUILT_PARTS]);
    expect(missingBuild(checkout(['out/renderer/index.html']))).toEqual(['out/web/host/cli.mjs']);
    expect(missingBuild(checkout(BUILT_PARTS))).toEqual([]);
  });

  it('builds a checkout that is not built before anything else runs, and says so', () => {
    const dir = checkout();
    const built: string[] = [];
    const lines: string[] = [];
    ensureBuilt(dir, [], (line) => lines.push(line), (at) => {
      built.push(at);
      for (const part of BUILT_PARTS) writeBuilt(at, part);
      return true;
    });
    expect(built).toEqual([dir]);
    expect(lines.join('\n')).toContain('running "npm run build" first');
    expect(missingBuild(dir)).toEqual([]);
  });

  it('does not build a checkout that is built', () => {
    let builds = 0;
    ensureBuilt(checkout(BUILT_PARTS), [], () => undefined, () => ++builds > 0);
    expect(builds).toBe(0);
  });

  it('stops at once with the reason when the build fails or leaves a part missing', () => {
    expect(() => ensureBuilt(checkout(), [], () => undefined, () => false)).toThrow('"npm run build" failed');
    expect(() => ensureBuilt(checkout(), [], () => undefined, () => true)).toThrow(/left out\/renderer\/index.html, out\/web\/host\/cli.mjs missing/);
  });

  it('refuses a checkout to compare with that is not built, with the command to run there, before building anything', () => {
    const other = checkout(['out/renderer/index.html']);
    let builds = 0;
    expect(() => ensureBuilt(checkout(), [other], () => undefined, () => ++builds > 0)).toThrow(`${other} is not built (out/web/host/cli.mjs missing): run "npm ci && npm run build" in it first`);
    expect(builds).toBe(0);
  });
});
