import type { Verdict } from '../../../../shared/status';

/** The verdict in a word, shown beside the colour so colour is never the only signal. */
export const VERDICT_LABEL: Record<Verdict, string> = {
  alarm: 'Alarm',
  offline: 'Offline',
  unknown: 'Unknown',
  attention: 'Attention',
  normal: 'Normal',
};
