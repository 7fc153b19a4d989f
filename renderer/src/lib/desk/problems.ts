/** Where the client reports what it refused to apply (a malformed event, an unparseable message). */
export type ProblemReporter = (message: string) => void;

/** Short, readable text for a zod-style issue list, for the operator and the console. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'invalid';
  const where = first.path.length ? first.path.map(String).join('.') : 'payload';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}
