import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule (eslint.layers.js) as the project's own lint run applies it: each wrong-way import is
// refused, and the right-way import beside it is not, so the rule cannot pass by refusing everything.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: Array<{ file: string; wrong: string; right: string }> = [
  { file: 'electron/core/api/example.ts', wrong: '../../simulator/index', right: '../../../shared/domain' },
  { file: 'electron/core/example.ts', wrong: '../shells/compose/compose-desk', right: './desk' },
  { file: 'electron/simulator/api/example.ts', wrong: '../../core/piv/read-card', right: '../../../shared/piv/card/tlv' },
  { file: 'shared/status/example.ts', wrong: '../../electron/core/catalogue', right: '../domain' },
  { file: 'renderer/src/lib/example.ts', wrong: '../../../electron/core/desk', right: '../../../shared/contract' },
  { file: 'electron/shells/preload/example.ts', wrong: '../../core/desk', right: '../../../shared/ipc-channels' },
  { file: 'electron/shells/web-host/example.ts', wrong: '../../simulator/index', right: '../../core/dispatch' },
];

// The first lint loads the whole ESLint configuration, which takes seconds on a busy machine.
describe('layer imports', { timeout: 60_000 }, () => {
  for (const { file, wrong, right } of cases) {
    it(`${file} may import ${right} but not ${wrong}`, async () => {
      expect(await layerErrors(file, `import { x } from '${wrong}';\nexport const y = x;\n`)).toHaveLength(1);
      expect(await layerErrors(file, `import { x } from '${right}';\nexport const y = x;\n`)).toEqual([]);
    });
  }

  it('keeps the demo site and the PKCS#12 reader off every start: types and import() only', async () => {
    const restricted = async (file: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: file });
      return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
    };
    const demoSite = 'electron/shells/compose/example.ts';
    expect(await restricted(demoSite, `import { startSimulator } from '../../simulator/index';\nexport const s = startSimulator;\n`)).toHaveLength(1);
    expect(await restricted(demoSite, `import type { SimulatorOptions } from '../../simulator/index';\nexport type S = SimulatorOptions;\n`)).toEqual([]);
    expect(await restricted(demoSite, `export const load = () => import('../../simulator/index');\n`)).toEqual([]);
    expect(await restricted('electron/core/vault/example.ts', `import forge from 'node-forge';\nexport const f = forge;\n`)).toHaveLength(1);
  });

  it('keeps electron out of the core and Node built-ins out of shared and the renderer', async () => {
    expect(await layerErrors('electron/core/example.ts', `import { app } from 'electron';\nexport const a = app;\n`)).toHaveLength(1);
    expect(await layerErrors('shared/example.ts', `import { join } from 'node:path';\nexport const j = join;\n`)).toHaveLength(1);
    expect(await layerErrors('renderer/src/example.ts', `import { join } from 'node:path';\nexport const j = join;\n`)).toHaveLength(1);
    expect(await layerErrors('electron/shells/electron-main/example.ts', `import { app } from 'electron';\nexport const a = app;\n`)).toEqual([]);
  });
});
