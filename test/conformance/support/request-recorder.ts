import type { ReceivedRequest } from '../../../electron/simulator/index';

/**
 * Every REST request the simulator received, in order, through its request hook: what a client
 * under test sent (path, query, headers, body), to check against the vendor's requests.
 */
export class RequestRecorder {
  readonly requests: ReceivedRequest[] = [];

  /** The hook to pass as the simulator's `onRequest`. */
  readonly record = (request: ReceivedRequest): void => {
    this.requests.push(request);
  };

  /** A mark to read only what comes after it. */
  mark(): number {
    return this.requests.length;
  }

  since(mark: number): ReceivedRequest[] {
    return this.requests.slice(mark);
  }
}

/** A path with the site's own ids replaced, so requests compare with the vendor's templated paths (`/api/doors/{id}`). */
export function templatePath(pathname: string, templates: readonly string[]): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return templates.find((template) => {
    const parts = template.split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((p, i) => (p.startsWith('{') && p.endsWith('}')) || p === segments[i]);
  });
}
