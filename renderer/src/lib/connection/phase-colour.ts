import type { ConnectionPhase } from '../../../../shared/domain';

const COLOUR: Record<ConnectionPhase, string> = { connected: 'green', connecting: 'amber', reconnecting: 'amber', offline: 'red' };

/**
 * The colour a connection phase is shown in wherever the desk shows it (the connection bar's edge and
 * dot, the site's line in Settings), as a CSS value: green connected, amber on the way, red offline.
 */
export function phaseColour(phase: ConnectionPhase): string {
  return `var(--${COLOUR[phase]})`;
}
