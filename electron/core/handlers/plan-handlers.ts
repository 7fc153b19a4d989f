import type { planCalls } from '../../../shared/contract/plans';
import { DeskError } from '../../../shared/errors';
import type { PlanService } from '../plans/plan-service';
import type { HandlerTable } from './handler-table';

/** Floor plans of the site the desk shows: all local (the desk's store), none of it touches the server. */
export function planHandlers(plans: PlanService | undefined): HandlerTable<keyof typeof planCalls> {
  const use = (): PlanService => {
    if (!plans) throw new DeskError('invalid-call', 'This desk keeps no local store, so it has no floor plans');
    return plans;
  };
  return {
    'plans.get': async ({ floor }) => use().get(floor),
    'plans.floors': async () => use().floors(),
    'plans.imagePart': async ({ floor, offset }) => use().imagePart(floor, offset),
    'plans.beginImport': async ({ floor, fileName, size }) => use().beginImport(floor, fileName, size),
    'plans.importPart': async ({ upload, base64 }) => use().importPart(upload, base64),
    'plans.finishImport': async ({ upload }) => use().finishImport(upload),
    'plans.cancelImport': async ({ upload }) => use().cancelImport(upload),
    'plans.remove': async ({ floor }) => use().remove(floor),
    'plans.placePin': async ({ floor, pin }) => use().placePin(floor, pin),
    'plans.removePin': async ({ floor, href }) => use().removePin(floor, href),
    'plans.beginExport': async () => use().beginExport(),
    'plans.exportPart': async ({ export: id, offset }) => use().exportPart(id, offset),
    'plans.beginRestore': async ({ fileName, size }) => use().beginRestore(fileName, size),
    'plans.finishRestore': async ({ upload }) => use().finishRestore(upload),
  };
}
