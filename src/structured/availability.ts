// Availability normalised to schema.org's ItemAvailability names, from URLs, bare names or OpenGraph words.

export const AVAILABILITIES = [
  'InStock', 'OutOfStock', 'PreOrder', 'PreSale', 'BackOrder', 'LimitedAvailability', 'SoldOut',
  'Discontinued', 'InStoreOnly', 'OnlineOnly', 'MadeToOrder', 'Reserved',
] as const;

export type Availability = (typeof AVAILABILITIES)[number];

const BY_KEY = new Map<string, Availability>(AVAILABILITIES.map((name) => [name.toLowerCase(), name]));

/** OpenGraph / Facebook catalog words and common shop spellings. */
const WORDS: Readonly<Record<string, Availability>> = {
  instock: 'InStock',
  available: 'InStock',
  outofstock: 'OutOfStock',
  oos: 'OutOfStock',
  unavailable: 'OutOfStock',
  preorder: 'PreOrder',
  availablefororder: 'BackOrder',
  backorder: 'BackOrder',
  pending: 'BackOrder',
  discontinued: 'Discontinued',
  soldout: 'SoldOut',
};

/** "https://schema.org/InStock", "InStock", "in stock", "out_of_stock" → the enum; anything else null. */
export function normalizeAvailability(value: string | null | undefined): Availability | null {
  if (!value) return null;
  const name = value.trim().replace(/^https?:\/\/(?:www\.)?schema\.org\//i, '').replace(/^schema:/i, '');
  const key = name.toLowerCase().replace(/[\s_-]+/g, '');
  return BY_KEY.get(key) ?? WORDS[key] ?? null;
}
