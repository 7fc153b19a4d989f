import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const hostSecretFileName = 'browser-host.secret';

/**
 * The browser host's access token, the same on every start of the host for one settings folder, so a
 * page open on the desk gets back in after the host is restarted (by the supervisor after a crash)
 * without anyone pasting an address again.
 *
 * Threat model. The host listens on 127.0.0.1, where every local process and every web page the desk's
 * browser shows can reach it. Web pages are kept out by the Origin check and cannot learn the token
 * (it is in no address they can read; the page keeps it in sessionStorage, which only this origin's
 * scripts read, and the CSP lets no other script run). Other local users are kept out by the token:
 * it is derived from a secret in the settings folder that only the desk's user can read (0600, in a
 * 0700 folder), and a secret file others can read is replaced, not used. Processes of the desk's own
 * user are not kept out, and could not be: they can read the settings and ask the keychain too.
 * Deleting the secret file changes the token (every page must then be opened from the new address).
 */
export function hostToken(settingsDir: string): string {
  const secret = readOrCreateSecret(join(settingsDir, hostSecretFileName), settingsDir);
  return createHmac('sha256', secret).update('gatehouse/browser-host/token/v1').digest('base64url');
}

function readOrCreateSecret(file: string, dir: string): Buffer {
  try {
    const mode = statSync(file).mode;
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    // Readable by others, or damaged: it proves nothing any more, so a new one takes its place.
    if ((process.platform === 'win32' || (mode & 0o077) === 0) && secret.length === 32) return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, secret.toString('base64'));
  } finally {
    closeSync(fd);
  }
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return secret;
}
