import { DeskError } from '../../../shared/errors';
import { describeBytes } from './answer-limits';

/** A response body as undici gives it: chunks as they arrive, and a way to stop reading. */
export interface StreamedBody extends AsyncIterable<Uint8Array> {
  destroy(): unknown;
}

/**
 * Reads a body as UTF-8 text, up to `limit` bytes. A body that says or turns out to be larger is
 * dropped unread past the limit (the connection is closed), so a server cannot fill the desk's memory.
 */
export async function readBoundedText(body: StreamedBody, limit: number, what: string, declaredLength: unknown): Promise<string> {
  return (await readBoundedBytes(body, limit, what, declaredLength)).toString('utf8');
}

/** As readBoundedText, for a body that is not text (an image). */
export async function readBoundedBytes(body: StreamedBody, limit: number, what: string, declaredLength: unknown): Promise<Buffer> {
  const tooLarge = () => {
    body.destroy();
    return new DeskError('invalid-response', `${what}: the server's answer is larger than ${describeBytes(limit)}, the most Gatehouse reads from one answer`);
  };
  const declared = typeof declaredLength === 'string' ? Number(declaredLength) : NaN;
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
