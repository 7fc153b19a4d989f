import type { CardholderLocations } from '../cardholders/locations';
import type { World } from '../model/world';

/**
 * A cardholder granted access at a door has passed into the door's entry zone: their last successful
 * access zone and time move with it (cc_rest.yaml CardholderDetail.lastSuccessfulAccessZone). Card
 * access comes from the scenario's door passages and the control API alike.
 */
export function followPassages(world: World, locations: CardholderLocations): void {
  world.journal.onRecord((event) => {
    if (event.kind.key !== 'accessGranted' || !event.cardholder) return;
    const zone = world.door(event.source.id)?.def.entryAccessZone;
    if (zone !== undefined) locations.moveTo(event.cardholder.id, zone, event.time);
  });
}
