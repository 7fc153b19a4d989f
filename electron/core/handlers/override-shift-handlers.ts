import type { ActiveOverride, operatorCalls, ShiftReport } from '../../../shared/contract/operators';
import type { OperatorSession } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import type { HandlerTable } from './handler-table';

/** The overrides this desk sent that may still be running (electron/core/overrides/). */
export interface ActiveOverridesService {
  active(): ActiveOverride[] | Promise<ActiveOverride[]>;
  cancel(id: string): Promise<ActiveOverride[]>;
}

/** The signed-in operator's shift and its handover (electron/core/shift/). */
export interface ShiftService {
  report(): ShiftReport | Promise<ShiftReport>;
  end(): Promise<ShiftReport>;
  pending(): ShiftReport | undefined | Promise<ShiftReport | undefined>;
  acknowledge(id: string): Promise<OperatorSession>;
  exportCsv(id: string): { fileName: string; csv: string; rows: number } | Promise<{ fileName: string; csv: string; rows: number }>;
}

type OverrideShiftCallName = Extract<keyof typeof operatorCalls, `overrides.${string}` | `shift.${string}`>;

/** Active overrides and shift handover: answered by their services where the desk has them. */
export function overrideShiftHandlers(overrides: ActiveOverridesService | undefined, shift: ShiftService | undefined): HandlerTable<OverrideShiftCallName> {
  const useOverrides = (): ActiveOverridesService => {
    if (!overrides) throw new DeskError('invalid-call', 'The list of active overrides is not available on this desk');
    return overrides;
  };
  const useShift = (): ShiftService => {
    if (!shift) throw new DeskError('invalid-call', 'Shift handover is not available on this desk');
    return shift;
  };
  return {
    'overrides.active': async () => useOverrides().active(),
    'overrides.cancel': async ({ id }) => useOverrides().cancel(id),
    'shift.report': async () => useShift().report(),
    'shift.end': async () => useShift().end(),
    'shift.pending': async () => useShift().pending(),
    'shift.acknowledge': async ({ id }) => useShift().acknowledge(id),
    'shift.exportCsv': async ({ id }) => useShift().exportCsv(id),
  };
}
