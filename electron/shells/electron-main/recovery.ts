import { app, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Logger } from '../../core/log/logger';
import { rendererDir } from './window';

/** How long a hung renderer may stay unresponsive before it is restarted. */
const HANG_LIMIT_MS = 10_000;

/**
 * A desk is never left on a black screen: a renderer that crashes is reloaded, one that hangs is
 * killed and reloaded, and each is written to the log. An unhandled error in main shows a plain
 * "restarting" page and relaunches the app.
 */
export function recoverFromCrashes(window: BrowserWindow, logger: Logger): void {
  window.webContents.on('render-process-gone', (_event, details) => {
    logger.error('renderer.gone', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason !== 'clean-exit' && !window.isDestroyed()) window.webContents.reload();
  });

  let hang: NodeJS.Timeout | undefined;
  window.on('unresponsive', () => {
    logger.warn('renderer.unresponsive');
    hang ??= setTimeout(() => {
      hang = undefined;
      logger.error('renderer.hung', { afterMs: HANG_LIMIT_MS });
      if (!window.isDestroyed()) window.webContents.forcefullyCrashRenderer();
    }, HANG_LIMIT_MS);
  });
  window.on('responsive', () => {
    clearTimeout(hang);
    hang = undefined;
    logger.info('renderer.responsive');
  });

  const restart = (kind: string) => (error: unknown) => {
    logger.error('main.unhandled', { kind, error: error instanceof Error ? error : String(error) });
    if (!window.isDestroyed()) void window.loadFile(join(rendererDir, 'restarting.html'));
    setTimeout(() => {
      app.relaunch();
      app.exit(1);
    }, 3_000);
  };
  process.on('uncaughtException', restart('exception'));
  process.on('unhandledRejection', restart('rejection'));
}
