import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { KeychainDataKeyStore } from '../../../../electron/core/vault/keys/keychain-data-key-store';

/** CI sets this: a test that needs a real part must run, never skip. */
export const realPartsRequired = process.env.GATEHOUSE_REQUIRE_REAL_PARTS === '1';

/** True inside scripts/vault/with-secret-service.sh, whose keyring is a throwaway one. */
export const isolatedKeyring = process.env.GATEHOUSE_ISOLATED_SECRET_SERVICE === '1';

/** A service name of this run's own, so tests outside the wrapper never touch the real "Gatehouse" entry. */
export function testServiceName(): string {
  return `Gatehouse-test-${randomBytes(4).toString('hex')}`;
}

export function hasCommand(command: string, args: string[] = ['--version']): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch (err) {
    // Present but unhappy with the arguments still counts as present.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Why the real Secret Service cannot be used here, or null when it can: a full write/read/remove of a
 * throwaway entry, so "available" means the tests will really reach it.
 */
export async function secretServiceMissing(): Promise<string | null> {
  if (process.env.GATEHOUSE_SECRET_SERVICE_MISSING) return process.env.GATEHOUSE_SECRET_SERVICE_MISSING;
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    return 'no D-Bus session bus (run through `npm run test:vault`, which starts one with gnome-keyring)';
  }
  const store = new KeychainDataKeyStore(testServiceName(), 'availability-probe');
  try {
    const key = randomBytes(32);
    await store.write(key);
    const back = await store.read();
    await store.remove();
    return back && Buffer.from(back).equals(key) ? null : 'the Secret Service did not keep a test entry (locked?)';
  } catch (err) {
    return `the Secret Service is not usable: ${(err as Error).message}`;
  }
}

/** secret-tool's view of an entry: the independent judge that a key is in Secret Service. */
export function secretToolLookup(service: string, account: string): string | null {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', service, 'username', account], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

/** Lock the default collection over D-Bus, as a screen lock or timeout would. */
export function lockDefaultCollection(): void {
  execFileSync('dbus-send', [
    '--session',
    '--dest=org.freedesktop.secrets',
    '--type=method_call',
    '--print-reply',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    'array:objpath:/org/freedesktop/secrets/aliases/default',
  ]);
}
