/**
 * The host's exit when its desk cannot start (the settings folder or the local store cannot be
 * opened): the supervisor does not start it again, as a restart would fail the same way. 78 is
 * EX_CONFIG in sysexits.h.
 */
export const EXIT_DESK_CANNOT_START = 78;
