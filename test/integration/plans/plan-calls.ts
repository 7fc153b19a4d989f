import type { Desk } from '../../../electron/core/desk';
import type { CallResult } from '../../../shared/contract';

/** Sends a file to the desk in parts the way the plan screen does; answers the finished plan. */
export async function importPlan(desk: Desk, floor: string, fileName: string, bytes: Uint8Array): Promise<CallResult<'plans.finishImport'>> {
  const { upload, partBytes } = await desk.handle('plans.beginImport', { floor, fileName, size: bytes.length });
  for (let at = 0; at < bytes.length; at += partBytes) {
    await desk.handle('plans.importPart', { upload, base64: Buffer.from(bytes.subarray(at, at + partBytes)).toString('base64') });
  }
  return desk.handle('plans.finishImport', { upload });
}

/** Reads a floor's image back in parts; answers the parts' count too. */
export async function readImage(desk: Desk, floor: string): Promise<{ bytes: Buffer; parts: number }> {
  const parts: Buffer[] = [];
  for (let offset = 0; ; ) {
    const part = await desk.handle('plans.imagePart', { floor, offset });
    const bytes = Buffer.from(part.base64, 'base64');
    parts.push(bytes);
    offset += bytes.length;
    if (part.done) return { bytes: Buffer.concat(parts), parts: parts.length };
  }
}

export async function exportBackup(desk: Desk): Promise<{ bytes: Buffer; fileName: string }> {
  const made = await desk.handle('plans.beginExport', {});
  const parts: Buffer[] = [];
  for (let offset = 0; ; ) {
    const part = await desk.handle('plans.exportPart', { export: made.export, offset });
    const bytes = Buffer.from(part.base64, 'base64');
    parts.push(bytes);
    offset += bytes.length;
    if (part.done) return { bytes: Buffer.concat(parts), fileName: made.fileName };
  }
}

export async function restoreBackup(desk: Desk, fileName: string, bytes: Uint8Array): Promise<CallResult<'plans.finishRestore'>> {
  const { upload, partBytes } = await desk.handle('plans.beginRestore', { fileName, size: bytes.length });
  for (let at = 0; at < bytes.length; at += partBytes) {
    await desk.handle('plans.importPart', { upload, base64: Buffer.from(bytes.subarray(at, at + partBytes)).toString('base64') });
  }
  return desk.handle('plans.finishRestore', { upload });
}
