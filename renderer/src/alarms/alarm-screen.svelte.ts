import { navigation } from '../lib/navigation/navigation.svelte';

/** Whether the alarm queue screen is open (it is one of the desk's screens), and which alarm's detail it shows. */
class AlarmScreenState {
  detailId = $state<string | undefined>();

  get open(): boolean {
    return navigation.current === 'alarms';
  }

  show(id?: string): void {
    navigation.open('alarms');
    if (id !== undefined) this.detailId = id;
  }

  close(): void {
    navigation.close();
  }
}

export const alarmScreen = new AlarmScreenState();
