import type { Verdict } from '../../../../shared/status';

/**
 * The verdict in a word, shown beside the colour so colour is never the only signal. Amber is
 * "Caution", not "Attention": the attention strip beside the tiles lists what needs action, and a
 * door free by schedule must not read as if it belonged there.
 */
export const VERDICT_LABEL: Record<Verdict, string> = {
  alarm: 'Alarm',
  offline: 'Offline',
  unknown: 'Unknown',
  attention: 'Caution',
  normal: 'Normal',
};
