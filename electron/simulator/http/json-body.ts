import type { Exchange } from './exchange';

/**
 * A request body that must be a JSON object (a POST or PATCH of the REST calls). Anything else is
 * answered 400 with what was wrong, and undefined is returned: the caller has nothing more to say.
 */
export async function readJsonObject(exchange: Exchange): Promise<Record<string, unknown> | undefined> {
  let body: unknown;
  try {
    body = JSON.parse(await exchange.bodyText());
  } catch (err) {
    exchange.error(400, `The request body is not valid JSON: ${(err as Error).message}`);
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    exchange.error(400, 'The request body must be a JSON object');
    return undefined;
  }
  return body as Record<string, unknown>;
}
