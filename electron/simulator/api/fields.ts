import type { ServerVersion } from '../version';

/** A requested `fields` list: case-sensitive names, plus the special value `defaults`. */
export interface FieldRequest {
  names: Set<string>;
  defaults: boolean;
}

export function parseFields(param: string | null): FieldRequest | undefined {
  if (param === null) return undefined;
  const names = new Set(param.split(',').map((s) => s.trim()).filter(Boolean));
  const defaults = names.delete('defaults');
  return { names, defaults };
}

/** Lazily computed values of an item's fields: only what is selected is built. */
export type FieldSource = Record<string, () => unknown>;

/**
 * The names of the fields to send, in `names`' order. Without `fields`: the defaults. With it: what was
 * asked for among the fields this type has (unknown names are ignored), plus the defaults if `defaults`
 * was asked. In 8.00 `href` and `id` always come back; from 8.10 only what was requested.
 */
export function selectedNames(
  names: readonly string[],
  defaults: readonly string[],
  request: FieldRequest | undefined,
  version: ServerVersion,
  allowed: readonly string[] = names,
): string[] {
  const wanted = new Set<string>();
  if (!request) for (const f of defaults) wanted.add(f);
  else {
    if (request.defaults) for (const f of defaults) wanted.add(f);
    for (const f of request.names) wanted.add(f);
    if (version.before('8.10')) {
      wanted.add('href');
      wanted.add('id');
    }
  }
  return names.filter((name) => wanted.has(name) && allowed.includes(name));
}

/** The selected fields' values (selectedNames); a field whose value is undefined is left out. */
export function selectFields(
  source: FieldSource,
  defaults: readonly string[],
  request: FieldRequest | undefined,
  version: ServerVersion,
  allowed: readonly string[] = Object.keys(source),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of selectedNames(Object.keys(source), defaults, request, version, allowed)) {
    const value = source[name]!();
    if (value !== undefined) out[name] = value;
  }
  return out;
}
