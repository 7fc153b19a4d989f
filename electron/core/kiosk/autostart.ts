import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Registers Gatehouse to start at login, and removes the registration. */
export interface LoginItem {
  /** Where the registration lives, for the Settings screen ("~/.config/autostart/gatehouse.desktop"). */
  readonly where: string;
  isRegistered(): boolean;
  register(): void;
  unregister(): void;
}

export interface XdgAutostartOptions {
  /** The command line that starts the desk, already quoted for a .desktop Exec key. */
  exec: string;
  env?: NodeJS.ProcessEnv;
}

export const AUTOSTART_FILE_NAME = 'gatehouse.desktop';

/**
 * Linux desktops start what `$XDG_CONFIG_HOME/autostart/*.desktop` names at login (the XDG Autostart
 * specification). Windows and macOS use Electron's app.setLoginItemSettings instead, in the shell.
 */
export function xdgAutostart(options: XdgAutostartOptions): LoginItem {
  const env = options.env ?? process.env;
  const file = join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'autostart', AUTOSTART_FILE_NAME);
  return {
    where: file,
    isRegistered: () => {
      try {
        return /^X-Gatehouse-Autostart=true$/m.test(readFileSync(file, 'utf8'));
      } catch {
        return false;
      }
    },
    register: () => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, desktopEntry(options.exec), { mode: 0o644 });
    },
    unregister: () => rmSync(file, { force: true }),
  };
}

export function desktopEntry(exec: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Gatehouse',
    'Comment=Security desk: live doors and zones, overrides, card enrolment',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    // Marks the entry as ours, so turning autostart off never removes an entry someone else wrote.
    'X-Gatehouse-Autostart=true',
    '',
  ].join('\n');
}

/** Quotes one argument for a .desktop Exec line (the spec's reserved characters inside double quotes). */
export function desktopExecArgument(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;
}
