import { readAbnormal } from './abnormal';
import type { StatusReading } from './reading';
import { defined, exactlyOne, readWithRules, typeRules } from './rules';

/**
 * Output flags (relays: a siren, a strobe, a gate motor). The flags speak of the relay: `closed` is
 * an output that is on, `open` one that is off, whatever names the site gave the two states. An
 * output is normally off, but on is information, not an alarm: a siren is switched on on purpose.
 * An override (`overridden`) and switching disabled are deliberate, so amber; a controller that does
 * not know what the relay should be doing needs a look, so amber too. `pulsed`: the relay's change is
 * momentary (a pulse); it ends by itself.
 */
const OUTPUT = typeRules(
  {
    normal: { open: 'Off', closed: 'On', pulsed: 'Pulsed' },
    attention: { relayStateUnknown: 'Relay state unknown', switchingDisabled: 'Switching disabled', overridden: 'Overridden' },
  },
  // cc_rest.yaml, Outputs: "If and only if the output is online, one of 'relayStateUnknown', 'closed',
  // or 'open' will appear. That is your test for whether an output is in error."
  (flags, word) => defined([exactlyOne(flags, ['relayStateUnknown', 'closed', 'open'], word, 'relay state')]),
);

/** The one output flag the vendor allows beside an abnormal flag (the override outlives the outage). */
const KEPT_WHEN_OFFLINE = 'overridden';

export function readOutput(flags: readonly string[]): StatusReading {
  if (flags.includes(KEPT_WHEN_OFFLINE)) {
    const rest = flags.filter((f) => f !== KEPT_WHEN_OFFLINE);
    const abnormal = readAbnormal(rest);
    if (abnormal) {
      const word = (f: string) => (f === KEPT_WHEN_OFFLINE ? OUTPUT.flags[f]!.word : (abnormal.words[rest.indexOf(f)] ?? f));
      return { ...abnormal, words: flags.map(word), reasons: [...abnormal.reasons, 'An override is in effect'] };
    }
  }
  return readWithRules(flags, OUTPUT);
}

