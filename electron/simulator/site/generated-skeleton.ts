/** Privileges of the generated sites' one operator: everything the desk uses, everywhere. */
export const GENERATED_PRIVILEGES = [
  'View Site', 'Override', 'Override - Open Door', 'Maintenance Override', 'Delegate API Activity', 'Run Macros',
  'Manage Cardholder Location', 'Modify Passenger Details', 'View Cardholders', 'Edit Cardholders', 'Create Cardholders',
];

/** The people side of a generated site: one REST client whose operator may do everything everywhere. */
export function generatedSiteSkeleton(name: string) {
  return {
    name,
    divisions: [{ id: 'root', name: 'Enterprise' }] as { id: string; name: string; parent?: string }[],
    controllers: [] as { id: string; name: string; division: string }[],
    cardholders: [{ id: 'ch-desk', firstName: 'Desk', lastName: 'Workstation', division: 'root' }],
    operatorGroups: [{ id: 'og-desk', name: 'Security desk', divisions: ['root'], privileges: GENERATED_PRIVILEGES, members: ['ch-desk'] }],
    restClients: [{ id: 'rc-gatehouse', name: 'Gatehouse desk', cardholder: 'ch-desk' }],
    accessZones: [] as Record<string, unknown>[],
    alarmZones: [] as Record<string, unknown>[],
    doors: [] as Record<string, unknown>[],
    fenceZones: [] as Record<string, unknown>[],
    inputs: [] as Record<string, unknown>[],
    interlockGroups: [] as Record<string, unknown>[],
    outputs: [] as Record<string, unknown>[],
    elevatorGroups: [] as Record<string, unknown>[],
    macros: [] as Record<string, unknown>[],
    dayCategories: [] as Record<string, unknown>[],
  };
}
