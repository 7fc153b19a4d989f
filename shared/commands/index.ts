export type { Checked } from './checked';
export { commandWords, commandsFor, describeCommand, labelForServerName } from './command-descriptions';
export type { CommandInfo } from './command-descriptions';
export { chooseVariant, offeredActions } from './actions';
export type { OfferedAction, VariantChoice } from './actions';
export { END_TIME_MARGIN_MS, checkEndTime } from './end-time';
export { endTimePresets, nextOccurrence, parseTimeOfDay } from './presets';
export type { EndTimePreset, TimeOfDay } from './presets';
export { checkZoneCount } from './zone-count';
