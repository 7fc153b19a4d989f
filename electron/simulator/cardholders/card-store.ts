import { randomInt } from 'node:crypto';
import type { Site } from '../site/schema';
import type { CardStatus } from './card-status';
import type { IssuedCard } from './issued-cards';
import type { PivData } from './piv-data';

export interface StoredCard {
  id: string;
  number: string;
  issueLevel: number;
  typeId: string;
  status: CardStatus;
  pivData: PivData;
}

export interface StoredCardholder {
  id: string;
  firstName?: string;
  lastName?: string;
  shortName?: string;
  description?: string;
  authorised: boolean;
  division: string;
  cards: StoredCard[];
  /** Cards of the ordinary (non-PIV) types added through the API (issued-cards.ts). */
  issued?: IssuedCard[];
}

export interface CardType {
  id: string;
  name: string;
  credentialClass: 'piv' | 'card' | 'mobile';
  availableCardStates: string[];
  /** A letter A–P and up to five digits; PIV, PIV-I and mobile credentials have none (cc_rest.yaml: CardType.facilityCode). */
  facilityCode?: string;
  /** The number range of a type with integer card numbers, as strings (cc_rest.yaml: CardType.minimumNumber, maximumNumber). */
  numberRange?: { minimum: string; maximum: string };
  /** What a text card number must match, and that rule in words (cc_rest.yaml: CardType.regex, regexDescription). */
  numberRule?: { regex: string; description: string };
  notes?: string;
}

/**
 * Cardholders and their cards as the PIV calls see them. Card type ids are drawn at start-up, so
 * (as on a real installation) clients must find the PIV type through the card-type list.
 */
export class CardStore {
  readonly cardholders = new Map<string, StoredCardholder>();
  readonly cardTypes: CardType[];
  private nextId = 1000;

  constructor(site: Site) {
    for (const c of site.cardholders) {
      const { id, firstName, lastName, shortName, description, authorised, division } = c;
      this.cardholders.set(id, { id, firstName, lastName, shortName, description, authorised, division, cards: [] });
    }
    const base = randomInt(100, 900) * 10;
    this.cardTypes = [
      { id: String(base + 1), name: 'PIV Card', credentialClass: 'piv', availableCardStates: ['Active', 'Disabled (manually)'] },
      {
        id: String(base + 2),
        name: 'Proximity Card',
        credentialClass: 'card',
        availableCardStates: ['Active', 'Disabled (manually)', 'Lost', 'Stolen'],
        facilityCode: 'A1203',
        numberRange: { minimum: '1', maximum: '16777215' },
        notes: 'Staff and contractor badges',
      },
      {
        id: String(base + 3),
        name: 'Mobile Credential',
        credentialClass: 'mobile',
        availableCardStates: ['Active', 'Disabled (manually)'],
        numberRule: { regex: '^[A-Za-z0-9]+$', description: 'Letters and digits only' },
      },
      {
        id: String(base + 4),
        name: 'Visitor Card',
        credentialClass: 'card',
        // A text number format, so a card read at the desk (a FASC-N, a PIV-I card's number) fits it.
        availableCardStates: ['Active', 'Disabled (manually)', 'Lost', 'Stolen', 'Damaged'],
        numberRule: { regex: '^[0-9]{1,40}$', description: 'Digits only, at most 40' },
        notes: 'Cards lent to visitors at reception',
      },
    ];
  }

  get pivType(): CardType {
    return this.cardTypes[0]!;
  }

  /** The name events and alarm history give a cardholder: "lastName, firstName", as the vendor writes it. */
  displayName(id: string): string | undefined {
    const holder = this.cardholders.get(id);
    if (!holder) return undefined;
    return [holder.lastName, holder.firstName].filter((p) => p !== undefined && p !== '').join(', ') || holder.shortName || id;
  }

  newId(): string {
    return String(this.nextId++);
  }
}
