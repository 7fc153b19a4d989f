import type { RendererDesk } from '../../lib/desk';
import { downloadText } from '../../lib/download';

/** Downloads a shift's report as CSV (main builds it, as it builds the audit export); says what was saved. */
export async function downloadShiftCsv(desk: RendererDesk, id: string): Promise<string> {
  const file = await desk.call('shift.exportCsv', { id });
  downloadText(file.fileName, file.csv);
  return `Saved ${file.fileName} (${file.rows} rows)`;
}
