import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The platform's folder for Gatehouse's log when no shell says otherwise (the browser host; Electron
 * uses app.getPath('logs')): XDG state on Linux, ~/Library/Logs on macOS, LOCALAPPDATA on Windows.
 */
export function defaultLogFolder(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Logs', 'Gatehouse');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'Gatehouse', 'logs');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'Gatehouse', 'logs');
}
