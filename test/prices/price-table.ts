// The whole price table: hand-written rows from real shops plus rows generated across locales, placements and labels.
import { AMERICAS_AFRICA } from './price-table-americas';
import { BRACKETS_AND_NOUNS } from './price-table-brackets-and-nouns';
import { BUYER_GROUPS } from './price-table-buyer-groups';
import { CARDS_AND_TAX } from './price-table-cards-and-tax';
import { CHARGES_BESIDE } from './price-table-charges-beside';
import { CLDR_WALK } from './price-table-cldr-walk';
import { CONDITIONS } from './price-table-conditions';
import { COUNTS_AND_SCALES } from './price-table-counts-and-scales';
import { ASIA_PACIFIC } from './price-table-asia-pacific';
import { CURRENCY_WORDS } from './price-table-currency-words';
import { DEAL_WORDS } from './price-table-deal-words';
import { CLUB_WORDS, DISCOUNT_WORDS, SHIPPING_WORDS } from './price-table-discount-words';
import { EUROPE_EAST } from './price-table-europe-east';
import { EUROPE_WEST } from './price-table-europe-west';
import { FEES_AND_COLONS } from './price-table-fees-and-colons';
import { GENERATED_ROWS } from './price-table-generated';
import { HOME_WORDS } from './price-table-home-words';
import { LABELS } from './price-table-labels';
import { LETTER_SIGNS } from './price-table-letter-signs';
import { MAGNITUDES } from './price-table-magnitudes';
import { MARKETS } from './price-table-markets';
import { NOISE_ROWS } from './price-table-noise';
import { OFFERS } from './price-table-offers';
import { PACKS } from './price-table-packs';
import { SIGNS_APART } from './price-table-signs-apart';
import { RATES } from './price-table-rates';
import { ROLE_WORDS } from './price-table-role-words';
import { TIERS_AND_CREDITS } from './price-table-tiers-and-credits';
import { TRAPS } from './price-table-traps';
import { TWO_PRICES } from './price-table-two-prices';
import { TYPOGRAPHY } from './price-table-typography';
import { UNIT_PRICES } from './price-table-unit-prices';
import { UNIT_LABELS } from './price-table-unit-labels';
import { WORLD_FORMATS } from './price-table-world-formats';
import { rowKey, type PriceRow } from './price-table-types';

/** Hand-written rows from real shops: each one distinct (the table test checks). */
export const HAND_ROWS: readonly PriceRow[] = [...EUROPE_WEST, ...EUROPE_EAST, ...AMERICAS_AFRICA, ...ASIA_PACIFIC, ...TRAPS, ...NOISE_ROWS, ...MAGNITUDES, ...CURRENCY_WORDS, ...TYPOGRAPHY, ...LABELS, ...CLDR_WALK, ...UNIT_PRICES, ...CONDITIONS, ...OFFERS, ...PACKS, ...BUYER_GROUPS, ...TWO_PRICES, ...MARKETS, ...DEAL_WORDS, ...UNIT_LABELS, ...FEES_AND_COLONS, ...COUNTS_AND_SCALES, ...TIERS_AND_CREDITS, ...CARDS_AND_TAX, ...RATES, ...LETTER_SIGNS, ...ROLE_WORDS, ...DISCOUNT_WORDS, ...SHIPPING_WORDS, ...CLUB_WORDS, ...CHARGES_BESIDE, ...WORLD_FORMATS, ...HOME_WORDS, ...BRACKETS_AND_NOUNS, ...SIGNS_APART];
const handKeys = new Set(HAND_ROWS.map(rowKey));

export const PRICE_TABLE: readonly PriceRow[] = [...HAND_ROWS, ...GENERATED_ROWS.filter((row) => !handKeys.has(rowKey(row)))];
