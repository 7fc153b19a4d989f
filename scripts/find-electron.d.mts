export function findElectron(): { path: string; reason?: undefined } | { path?: undefined; reason: string };
