/** How the desk orders the names it lists: numbers by their value (Door 9 before Door 10), case and accents aside. */
export const nameOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
