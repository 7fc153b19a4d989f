/**
 * Server versions as `GET /api` reports them ("8.60", "9.0", "8.40.2"), compared component by
 * component as numbers: 9.0 < 9.20, 8.60 < 8.70.
 */

export function parseServerVersion(version: string): number[] {
  if (!/^\d+(\.\d+)*$/.test(version.trim())) {
    throw new RangeError(`Server version ${JSON.stringify(version)} is not a dotted number such as 8.70`);
  }
  return version.trim().split('.').map(Number);
}

/** Negative when a < b, zero when equal (8.70 = 8.70.0), positive when a > b. */
export function compareServerVersions(a: string, b: string): number {
  const pa = parseServerVersion(a);
  const pb = parseServerVersion(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** True when `version` is `atLeast` or later, e.g. versionAtLeast('9.40', '9.30'). */
export function versionAtLeast(version: string, atLeast: string): boolean {
  return compareServerVersions(version, atLeast) >= 0;
}
