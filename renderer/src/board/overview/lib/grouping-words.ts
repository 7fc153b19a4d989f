import type { OverviewGrouping } from '../../../../../shared/contract/layout';

/** What the overview's rows are, in words. */
export const GROUPING_NOUN: Record<OverviewGrouping, { title: string; singular: string; plural: string }> = {
  floor: { title: 'Floor', singular: 'floor', plural: 'floors' },
  building: { title: 'Building', singular: 'building', plural: 'buildings' },
  division: { title: 'Division', singular: 'division', plural: 'divisions' },
};
