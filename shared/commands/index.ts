export type { Checked } from './checked';
export { commandsFor, describeCommand } from './catalogue';
export type { CommandInfo } from './catalogue';
export { chooseVariant, offeredActions } from './actions';
export type { OfferedAction, VariantChoice } from './actions';
export { END_TIME_MARGIN_MS, checkEndTime } from './end-time';
export { endTimePresets, nextOccurrence, parseTimeOfDay } from './presets';
export type { EndTimePreset, TimeOfDay } from './presets';
export { checkZoneCount } from './zone-count';
