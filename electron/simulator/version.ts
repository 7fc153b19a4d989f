/**
 * A server version such as '8.70' or '9.0'. Versions compare by major and two-digit minor, so
 * '9.0' and '9.00' are the same version and '8.5' is 8.50.
 */
export const KNOWN_VERSIONS = [
  '8.00', '8.10', '8.20', '8.30', '8.40', '8.50', '8.60', '8.70', '8.80', '8.90',
  '9.00', '9.10', '9.20', '9.30', '9.40',
] as const;

export class ServerVersion {
  readonly label: string;
  private readonly rank: number;

  constructor(label: string) {
    const match = /^(\d+)\.(\d{1,2})$/.exec(label.trim());
    if (!match) throw new Error(`Server version "${label}" is not a dotted version like 9.40`);
    const minor = match[2]!.length === 1 ? Number(match[2]) * 10 : Number(match[2]);
    this.rank = Number(match[1]) * 100 + minor;
    if (this.rank < 800 || this.rank > 940) {
      throw new Error(`Server version ${label} is outside the simulated range 8.00 to 9.40`);
    }
    this.label = label.trim();
  }

  /** True when this server is at `version` or later. */
  atLeast(version: string): boolean {
    return this.rank >= new ServerVersion(version).rank;
  }

  before(version: string): boolean {
    return !this.atLeast(version);
  }
}
