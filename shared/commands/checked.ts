/** The result of checking an operator's input before anything is sent: the value to send, or why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };
