import { COMMON_FLAG_WORDS, readAbnormal } from './abnormal';
import { VERDICT_RANK, type StatusReading, type Verdict } from './reading';

/** A set of flags as the server sent them, asked the questions the rules of docs/server-status-flags.md ask. */
export interface FlagSet {
  has(flag: string): boolean;
  /** The flags of `names` that are present, in the order given. */
  present(names: readonly string[]): string[];
  /** The known flags present other than `allowed`. */
  knownExcept(allowed: readonly string[]): string[];
}

export interface FlagMeaning {
  word: string;
  /** What the flag means on its own; a function where the rules make it depend on other flags. */
  verdict: Verdict | ((flags: FlagSet) => Verdict);
}

/** One item type's flags and rules, as docs/server-status-flags.md gives them. */
export interface TypeRules {
  flags: Record<string, FlagMeaning>;
  /** The consistency rules ("exactly one of", "never together", "error test"), as breaches found. */
  breaches(flags: FlagSet, word: (flag: string) => string): string[];
}

/** The words of a type's flags, grouped by what each flag means on its own. */
export type FlagWordsByVerdict = Partial<Record<'normal' | 'attention' | 'alarm', Record<string, string>>>;

/**
 * One item type's rules from its flags' words grouped by verdict (the way docs/server-status-flags.md
 * reads them: which flags are fine, which want a look, which need action), `dependent` for the few
 * flags whose meaning depends on other flags, and the type's consistency rules.
 */
export function typeRules(
  byVerdict: FlagWordsByVerdict,
  breaches: TypeRules['breaches'] = () => [],
  dependent: Record<string, FlagMeaning> = {},
): TypeRules {
  const flags: Record<string, FlagMeaning> = {};
  for (const [verdict, words] of Object.entries(byVerdict) as [Verdict, Record<string, string>][]) {
    for (const [flag, word] of Object.entries(words)) flags[flag] = { word, verdict };
  }
  return { flags: { ...flags, ...dependent }, breaches };
}

/**
 * Reads a type's flags: abnormal flags first (the server has no status), then each flag's own meaning,
 * then the type's rules, whose breaches put the item in error. A flag the type does not know is shown
 * by its own name and keeps the item out of `normal`, since new abnormal flags may come.
 */
export function readWithRules(flags: readonly string[], rules: TypeRules): StatusReading {
  const word = (f: string) => rules.flags[f]?.word ?? COMMON_FLAG_WORDS[f] ?? f;
  const abnormal = readAbnormal(flags, word);
  if (abnormal) return abnormal;

  const set = flagSet(flags, rules);
  const found: { verdict: Verdict; reason: string }[] = [];
  for (const f of flags) {
    const meaning = rules.flags[f];
    if (meaning) {
      const verdict = typeof meaning.verdict === 'function' ? meaning.verdict(set) : meaning.verdict;
      if (verdict !== 'normal') found.push({ verdict, reason: meaning.word });
    } else if (f in COMMON_FLAG_WORDS) {
      // Only encryptionKeysTampered gets here (without deviceNotResponding): a tamper all the same.
      found.push({ verdict: 'alarm', reason: word(f) });
    } else {
      found.push({ verdict: 'attention', reason: `Unrecognised flag: ${f}` });
    }
  }
  for (const reason of rules.breaches(set, word)) found.push({ verdict: 'alarm', reason });

  // Worst first, so a tile can show the first reason alone (sort is stable within a verdict).
  found.sort((a, b) => VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict]);
  const verdict = found[0]?.verdict ?? 'normal';
  return { verdict, words: flags.map(word), reasons: found.map((r) => r.reason) };
}

function flagSet(flags: readonly string[], rules: TypeRules): FlagSet {
  const all = new Set(flags);
  return {
    has: (f) => all.has(f),
    present: (names) => names.filter((n) => all.has(n)),
    knownExcept: (allowed) => flags.filter((f) => f in rules.flags && !allowed.includes(f)),
  };
}

function listWords(names: readonly string[], word: (flag: string) => string): string {
  return names.map((n) => word(n).toLowerCase()).join(' / ');
}

/**
 * The "exactly one of" rule (docs/server-status-flags.md): a breach when none or several are present. `what` names the
 * set for an operator ("zone mode"); two-flag sets read "neither open nor closed".
 */
export function exactlyOne(
  flags: FlagSet,
  names: readonly string[],
  word: (flag: string) => string,
  what: string,
): string | undefined {
  const present = flags.present(names);
  if (present.length === 1) return undefined;
  if (names.length === 2) {
    const [a, b] = names.map((n) => word(n).toLowerCase());
    return present.length === 0 ? `In error: neither ${a} nor ${b}` : `In error: both ${a} and ${b}`;
  }
  return present.length === 0
    ? `In error: no ${what} reported (none of ${listWords(names, word)})`
    : `In error: more than one ${what} (${listWords(present, word)})`;
}

/** The "never together" rule (docs/server-status-flags.md). */
export function atMostOne(flags: FlagSet, names: readonly string[], word: (flag: string) => string): string | undefined {
  const present = flags.present(names);
  return present.length > 1 ? `In error: ${listWords(present, word)} reported together` : undefined;
}

/** A flag that may appear only in some state ("hVPlusMode only when on"). */
export function onlyWhen(flags: FlagSet, name: string, word: (flag: string) => string, when: string): string | undefined {
  return flags.has(name) ? `In error: ${word(name).toLowerCase()} is only possible when ${when}` : undefined;
}

export function defined(breaches: readonly (string | undefined)[]): string[] {
  return breaches.filter((b): b is string => b !== undefined);
}
