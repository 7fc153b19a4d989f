import type { Component } from 'svelte';
import AlarmScreen from '../alarms/AlarmScreen.svelte';
import { alarmQueue } from '../alarms/alarms.svelte';
import AuditScreen from '../audit/AuditScreen.svelte';
import CardCheckScreen from '../cardcheck/CardCheckScreen.svelte';
import EnrolmentScreen from '../enrolment/EnrolmentScreen.svelte';
import JournalScreen from '../journal/JournalScreen.svelte';
import { operator } from '../operators/operator.svelte';
import OverridesScreen from '../overrides/OverridesScreen.svelte';
import ReceptionScreen from '../reception/ReceptionScreen.svelte';
import RollCallScreen from '../rollcall/RollCallScreen.svelte';
import { activeOverrides } from '../overrides/overrides.svelte';
import SettingsScreen from '../settings/SettingsScreen.svelte';
import EndShiftScreen from '../shift/EndShiftScreen.svelte';
import HandoverScreen from '../shift/HandoverScreen.svelte';

/**
 * Every screen of the desk besides the board, once: the screens menu lists them, their keys open them
 * from the board, and App shows the open one. A new screen is one entry here (its component takes
 * `onclose` and draws itself in components/ScreenScaffold.svelte).
 */
export interface DeskScreen {
  id: string;
  /** What the header calls it while it is open. */
  name: string;
  /** Its entry in the menu, with a count where the guard needs one before opening it. */
  label: () => string;
  /** The one key that opens it from the board (lower case; the menu shows it). */
  key: string;
  /** The test id of the menu entry's words. */
  testid: string;
  component: Component<{ onclose: () => void }>;
  /** Listed only while this holds (End shift while someone is signed in, …). */
  available?: () => boolean;
}

const signedIn = () => operator.session?.operator !== undefined;
const handoverWaiting = () => signedIn() && operator.session?.handoverPending !== undefined;

export const SCREENS: readonly DeskScreen[] = [
  {
    id: 'alarms',
    name: 'Alarm queue',
    label: () => `Alarms (${alarmQueue.fromServer ? alarmQueue.alarms.length : 0})`,
    key: 'a',
    testid: 'nav-alarms',
    component: AlarmScreen,
    available: () => alarmQueue.feed.source !== 'none',
  },
  { id: 'journal', name: 'Events', label: () => 'Events', key: 'e', testid: 'open-journal', component: JournalScreen },
  { id: 'overrides', name: 'Overrides', label: () => `Overrides (${activeOverrides.open.length})`, key: 'o', testid: 'open-overrides', component: OverridesScreen },
  { id: 'reception', name: 'Reception', label: () => 'Reception', key: 'r', testid: 'open-reception', component: ReceptionScreen },
  { id: 'roll-call', name: 'Roll call', label: () => 'Roll call', key: 'w', testid: 'open-roll-call', component: RollCallScreen },
  { id: 'card-check', name: 'Card check', label: () => 'Card check', key: 'k', testid: 'open-card-check', component: CardCheckScreen },
  { id: 'enrolment', name: 'PIV enrolment', label: () => 'Enrol a card', key: 'n', testid: 'open-enrolment', component: EnrolmentScreen },
  { id: 'audit', name: 'Audit log', label: () => 'Audit log', key: 'l', testid: 'open-audit', component: AuditScreen },
  { id: 'end-shift', name: 'End shift', label: () => 'End shift', key: 'h', testid: 'open-end-shift', component: EndShiftScreen, available: () => signedIn() && !handoverWaiting() },
  { id: 'handover', name: 'Shift handover', label: () => 'Read handover', key: 'h', testid: 'open-handover', component: HandoverScreen, available: handoverWaiting },
  { id: 'settings', name: 'Settings', label: () => 'Settings', key: 's', testid: 'open-settings', component: SettingsScreen },
];

/** The screens the menu lists now. */
export function availableScreens(): DeskScreen[] {
  return SCREENS.filter((s) => s.available?.() ?? true);
}

export function screenById(id: string | undefined): DeskScreen | undefined {
  return SCREENS.find((s) => s.id === id);
}

/** The screen a key opens from the board, if any. */
export function screenForKey(key: string): DeskScreen | undefined {
  return availableScreens().find((s) => s.key === key.toLowerCase());
}
