import { versionAtLeast } from '../version';

/** The CHUID hash is required up to 8.60 and optional from 8.70 (spec, PIV card: chuid.hash). */
export function chuidHashRequired(serverVersion: string): boolean {
  return !versionAtLeast(serverVersion, '8.70');
}
