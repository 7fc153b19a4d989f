import { chooseVariant, labelForServerName, offeredActions, type CommandInfo, type OfferedAction, type VariantChoice } from '../../../../shared/commands';
import type { BoardItem, CommandOffer } from '../../../../shared/domain';

/** An action of the panel: its variants the server offered, and those it offered but will not take now. */
export interface PanelAction extends OfferedAction {
  /** Reasons by key, for variants offered without a link (the server's `disabled` text). */
  disabled: Record<string, string>;
  /** Why no variant of this action can be sent now; absent when at least one can. */
  unavailable?: string;
  /** True when the operator has something to choose or confirm before it is sent. */
  needsDialog: boolean;
}

const NO_LINK = 'The server offered it without a link to send it to';

/** The server's offers: `commandOffers` where the core gave them, else the keys it could send. */
function offersOf(item: BoardItem): CommandOffer[] {
  return item.commandOffers.length > 0 ? item.commandOffers : item.commands.map((key) => ({ key }));
}

/**
 * The panel's actions, in the catalogue's order: only what the server offered, disabled ones with their
 * reason. `unavailable`: why none can be sent now, from the item's liveness (the last-known board).
 */
export function panelActions(item: BoardItem, unavailable?: string): PanelAction[] {
  const offers = offersOf(item);
  const sendable = new Set(item.commands);
  const disabled: Record<string, string> = {};
  for (const offer of offers) {
    if (offer.disabled !== undefined) disabled[offer.key] = offer.disabled || NO_LINK;
    else if (unavailable !== undefined) disabled[offer.key] = unavailable;
    else if (!sendable.has(offer.key)) disabled[offer.key] = NO_LINK;
  }
  const serverNames = new Map(offers.filter((o) => o.name).map((o) => [o.key, o.name!]));
  return offeredActions(
    item.kind,
    offers.map((o) => o.key),
  ).map((action) => {
    const variants = variantsOf(action);
    const usable = variants.filter((v) => disabled[v.key] === undefined);
    const plainName = action.plain && serverNames.get(action.plain.key);
    const result: PanelAction = {
      ...action,
      label: (action.plain && labelForServerName(item.kind, action.plain.key, plainName)) || action.label,
      disabled: Object.fromEntries(variants.filter((v) => disabled[v.key] !== undefined).map((v) => [v.key, disabled[v.key]!])),
      needsDialog: usable.length > 1 || action.takesZoneCount || action.confirm !== undefined || usable.some((v) => v.untilOf),
    };
    if (usable.length === 0) result.unavailable = disabled[variants[0]!.key];
    return result;
  });
}

export function variantsOf(action: OfferedAction): CommandInfo[] {
  return [action.plain, action.pin, action.until, action.pinUntil].filter((v): v is CommandInfo => v !== undefined);
}

/** The key to send for a choice, or why it cannot be sent. */
export function variantToSend(action: PanelAction, choice: VariantChoice): { ok: true; value: CommandInfo } | { ok: false; reason: string } {
  const variant = chooseVariant(action, choice);
  if (!variant) {
    const pin = choice.pin ? 'with a PIN' : 'without a PIN';
    const until = choice.until ? 'until a set time' : 'until the next scheduled change';
    return { ok: false, reason: `The server does not offer ${action.label} ${pin} ${until} for this item.` };
  }
  const reason = action.disabled[variant.key];
  if (reason !== undefined) return { ok: false, reason: `${variant.label} cannot be used now: ${reason}` };
  return { ok: true, value: variant };
}
