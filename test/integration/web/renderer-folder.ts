import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../../electron/core/log/logger';
import { startBrowserHost, type BrowserHost } from '../../../electron/shells/web-host/host';
import type { DeskService } from '../../../shared/contract';

/** A stand-in for the built renderer: a page and one script under assets/, as the browser host serves them. */
export function rendererFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** The browser host over `desk` with that stand-in renderer, and the token of its launch. */
export async function hostOver(desk: DeskService): Promise<{ host: BrowserHost; token: string }> {
  const host = await startBrowserHost({ desk, rendererDir: rendererFolder(), log: silentLogger });
  return { host, token: new URL(host.url).hash.replace('#token=', '') };
}
