// Kept free of imports: the sandboxed preload may require nothing but 'electron'.
/** Electron IPC channel names; the preload exposes nothing else. */
export const IPC_CALL = 'desk:call';
export const IPC_EVENT = 'desk:event';
