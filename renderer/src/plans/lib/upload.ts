import { MAX_PLAN_BYTES } from '../../../../shared/contract/plans';
import type { DeskClient } from '../../../../shared/contract';
import { bytesToBase64, partsOf } from './base64-parts';

type Desk = Pick<DeskClient, 'call'>;

/** What the file input offers; main decides by the file's content, this only saves sending the wrong file. */
export const PLAN_FILE_TYPES = '.svg,.png,.jpg,.jpeg,image/svg+xml,image/png,image/jpeg';
const PLAN_EXTENSIONS = /\.(svg|png|jpe?g)$/i;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Why a chosen file cannot be a plan, checked in the page before anything is sent (main checks the
 * same and more again); undefined when it may be sent.
 */
export function planFileProblem(file: { name: string; size: number }): string | undefined {
  if (!PLAN_EXTENSIONS.test(file.name)) return `${file.name} is not an SVG, PNG or JPEG file: nothing was sent`;
  if (file.size === 0) return `${file.name} is empty: nothing was sent`;
  if (file.size > MAX_PLAN_BYTES) {
    return `${file.name} is ${mb(file.size)}, and a plan may be at most ${MAX_PLAN_BYTES / 1024 / 1024} MB: nothing was sent`;
  }
  return undefined;
}

/** How far an upload has got, for the progress bar. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a file to main in parts: `begin` opens the upload (beginImport for a plan, beginRestore for a
 * backup) and says how large a part may be; the parts follow with importPart. Returns the upload's id
 * for the call that finishes it. An upload that fails half way is cancelled, so main drops its parts.
 */
export async function sendInParts(
  desk: Desk,
  begin: () => Promise<{ upload: string; partBytes: number }>,
  bytes: Uint8Array,
  progress: (p: UploadProgress) => void,
): Promise<string> {
  const { upload, partBytes } = await begin();
  let sent = 0;
  progress({ sent, total: bytes.length });
  try {
    for (const part of partsOf(bytes, partBytes)) {
      if (part.length === 0) break;
      await desk.call('plans.importPart', { upload, base64: bytesToBase64(part) });
      sent += part.length;
      progress({ sent, total: bytes.length });
    }
  } catch (err) {
    await desk.call('plans.cancelImport', { upload }).catch(() => undefined);
    throw err;
  }
  return upload;
}
