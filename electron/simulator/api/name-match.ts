/**
 * The `name` and `description` search rules (Common query parameters): case-insensitive; without
 * quotes a substring match where `%` is any run of characters and `_` any one; in double quotes an
 * exact match. For `description`, a wildcard anchors the match at both ends as if quoted.
 * Returns undefined when the parameter sets no condition.
 */
export function textMatcher(
  pattern: string | null,
  anchorWhenWildcard: boolean,
): ((value: string | undefined) => boolean) | undefined {
  // `name=` (empty) is undefined (docs/server-interface.md §Collections); the simulator treats it as no condition.
  if (pattern === null || pattern === '') return undefined;
  if (pattern === '""') return () => false;
  if (pattern.length >= 2 && pattern.startsWith('"') && pattern.endsWith('"')) {
    const exact = pattern.slice(1, -1).toLowerCase();
    return (value) => value !== undefined && value.toLowerCase() === exact;
  }
  const hasWildcard = /[%_]/.test(pattern);
  const body = [...pattern]
    .map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const anchored = anchorWhenWildcard && hasWildcard;
  const regex = new RegExp(anchored ? `^${body}$` : body, 'is');
  return (value) => value !== undefined && regex.test(value);
}
