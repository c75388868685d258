// The base item schema (zod) every stored price item satisfies; a spider adds its own via `itemSchema`.
import { z } from 'zod';
import type { Decimal } from '../src/core/money';
import { isPositiveDecimal } from './required-fields-stage';

/**
 * Runs after price-coercion, so `price` is a Decimal by then: a zero or negative one is no offer.
 * Fields the schema does not name pass through untouched (spiders add their own).
 */
export const baseItemSchema = z.looseObject({
  sku: z.union([z.string().trim().min(1), z.number().finite(), z.bigint()]).optional(),
  name: z.string().nullish(),
  price: z.custom<Decimal>(isPositiveDecimal, 'must be a Decimal above zero'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code').nullish(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  availability: z.string().nullish(),
});
