import { versionAtLeast } from '../version';

/** The CHUID hash is required up to 8.60 and optional from 8.70 (docs/server-interface.md §PIV cards). */
export function chuidHashRequired(serverVersion: string): boolean {
  return !versionAtLeast(serverVersion, '8.70');
}
