import type { SiteDefinition } from '../../../electron/simulator/index';

/**
 * A site of `doors` doors in a few divisions, for scale tests and the bench: one operator with every
 * privilege the desk uses, one cardholder to delegate to.
 */
export function siteWithDoors(doors: number, divisions = 4): SiteDefinition {
  const divisionIds = Array.from({ length: divisions }, (_, i) => `div${i}`);
  return {
    name: `Generated site with ${doors} doors`,
    divisions: [{ id: 'root', name: 'Root' }, ...divisionIds.map((id) => ({ id, name: `Division ${id}`, parent: 'root' }))],
    controllers: [{ id: 'ctl', name: 'Controller', division: 'root' }],
    cardholders: [
      { id: 'ch-desk', firstName: 'Desk', lastName: 'Operator', division: 'root' },
      { id: 'ch-guard', firstName: 'Guard', lastName: 'On Duty', division: 'root' },
    ],
    operatorGroups: [
      {
        id: 'og',
        name: 'Desk',
        divisions: ['root'],
        members: ['ch-desk'],
        privileges: ['View Site', 'Override', 'Override - Open Door', 'Maintenance Override', 'Delegate API Activity'],
      },
    ],
    restClients: [{ id: 'rc', name: 'Gatehouse', cardholder: 'ch-desk' }],
    doors: Array.from({ length: doors }, (_, i) => ({
      id: `door${String(i).padStart(5, '0')}`,
      name: `Door ${i}`,
      division: divisionIds[i % divisions]!,
      controller: 'ctl',
    })),
  };
}
