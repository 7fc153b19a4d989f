import { VERDICT_COLOUR, type Verdict, type VerdictColour } from '../../../../shared/status';

/**
 * The one verdict → colour rule on screen: shared/status's VERDICT_COLOUR picks the colour and
 * theme.css styles `.colour-<colour>` once, for tiles, the strip and panels alike.
 */
export function colourClass(verdict: Verdict): `colour-${VerdictColour}` {
  return `colour-${VERDICT_COLOUR[verdict]}`;
}

/** What each colour means, for the colour key. */
export const COLOUR_MEANING: { colour: VerdictColour; name: string; means: string }[] = [
  { colour: 'green', name: 'Green', means: 'Normal — secure, closed, locked, armed, on; an output off or on' },
  { colour: 'amber', name: 'Amber', means: 'Caution — deliberately open or overridden: free, unlocked, disarmed, isolated, shunted, an output overridden; not on the attention strip' },
  { colour: 'red', name: 'Red', means: 'Alarm — needs action: forced, open too long, tamper, alert, zone count out of range' },
  { colour: 'grey', name: 'Grey', means: 'Offline or Unknown — offline, not polled or a state not known: the tile says why' },
];
