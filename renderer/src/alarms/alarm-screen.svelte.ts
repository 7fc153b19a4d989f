/** Whether the alarm queue screen is open, and which alarm's detail it shows. */
class AlarmScreenState {
  open = $state(false);
  detailId = $state<string | undefined>();

  show(id?: string): void {
    this.open = true;
    if (id !== undefined) this.detailId = id;
  }

  close(): void {
    this.open = false;
  }
}

export const alarmScreen = new AlarmScreenState();
