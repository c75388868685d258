// Shopify's product JSON (`<script type="application/json" data-product-json>`, `#ProductJson-…`) → a Product node, one Offer per variant.
import type { CheerioAPI } from 'cheerio';
import { parse as parseLossless } from 'lossless-json';
import { isIsoCode, minorUnitDigits } from '../prices/iso-currencies';
import { addValue, newNode, struckPriceSpec, type SchemaNode } from './schema-node';
import type { SkippedBlock } from './structured-types';

type Json = string | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Shopify.currency = {"active":"EUR","rate":"1.0"};`, which every storefront's head script sets: the currency prices are shown in. */
const ACTIVE_CURRENCY = /Shopify\.currency\s*=\s*\{[^}]*?"active"\s*:\s*"([A-Za-z]{3})"/;

/** The presentment currency: Shopify's own script, else the OpenGraph currency its themes write; null when neither names an ISO code. */
function shopCurrency($: CheerioAPI): string | null {
  let active: string | null = null;
  $('script:not([src])').each((_, element) => {
    const match = ACTIVE_CURRENCY.exec($(element).text());
    if (match) active = match[1].toUpperCase();
    return active === null;
  });
  const named = active ?? $('meta[property="og:price:currency" i], meta[property="product:price:currency" i]').first().attr('content')?.trim().toUpperCase() ?? null;
  return named !== null && isIsoCode(named) ? named : null;
}

/**
 * Shopify writes every amount in hundredths of the unit, whatever ISO 4217 gives the currency: 1999 is 19.99 USD, and
 * 100000 is ¥1,000 ("for currencies without subunits, such as JPY and KRW, tenths and hundredths of a unit are
 * appended", Shopify's Liquid reference). Null for anything but whole digits (a theme's own pre-divided "19.99").
 */
function hundredths(value: Json | undefined): string | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  const digits = value.padStart(3, '0');
  return `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}`;
}

function variantOffer(variant: JsonObject, currency: string, pageUrl: string): SchemaNode | null {
  const price = hundredths(variant.price);
  if (price === null) return null;
  const offer = newNode(['Offer']);
  addValue(offer, 'price', price);
  addValue(offer, 'priceCurrency', currency);
  // A variant's page is the product's with ?variant=<id>: the offer a page fetched so shows (pageOffers).
  if (typeof variant.id === 'string' && /^\d+$/.test(variant.id)) {
    const url = new URL(pageUrl);
    url.search = `?variant=${variant.id}`;
    url.hash = '';
    addValue(offer, 'url', url.toString());
  }
  if (typeof variant.available === 'boolean') addValue(offer, 'availability', variant.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
  const compareAt = hundredths(variant.compare_at_price);
  if (compareAt !== null) addValue(offer, 'priceSpecification', struckPriceSpec(compareAt, currency));
  return offer;
}

/**
 * The URL of a product that is not this page's: a featured or recommended product's JSON (`ProductJson-<section>`)
 * whose `handle` is not the page's `/products/<handle>`, so it never stands for the page. Null for the page's own
 * (its offers' `?variant=` URLs say which variant is shown) or without a handle.
 */
function otherProductUrl(product: JsonObject, pageUrl: string): string | null {
  if (typeof product.handle !== 'string' || !/^[\w-]+$/.test(product.handle)) return null;
  const own = `/products/${product.handle}`;
  return decodeURI(new URL(pageUrl).pathname).toLowerCase().endsWith(own.toLowerCase()) ? null : new URL(own, pageUrl).toString();
}

/** The product object of one script: the JSON itself, or under `product` (themes that add the selected variant beside it). */
function productObject(text: string): JsonObject | null {
  try {
    const value = parseLossless(text, null, (digits: string) => digits) as Json;
    const product = isObject(value) && !Array.isArray(value.variants) && isObject(value.product) ? value.product : value;
    return isObject(product) && Array.isArray(product.variants) ? product : null;
  } catch {
    return null;
  }
}

/**
 * Products from Shopify's product JSON, every variant an Offer at its `?variant=` URL with its compare-at price as the
 * struck one. Read only when the currency is known, and not for a currency of three decimals (KWD, BHD), whose
 * hundredths convention Shopify does not document: skipped with a reason then. Themes without JSON-LD (Debut, Brooklyn,
 * Venture) leave only this and OpenGraph, whose `og:price:amount` is `product.price`, the cheapest variant's.
 */
export function readShopifyProducts($: CheerioAPI, pageUrl: string): { nodes: SchemaNode[]; skipped: SkippedBlock[] } {
  const products = $('script[data-product-json], script[id^="ProductJson-"]').toArray().flatMap((element): JsonObject[] => {
    const product = productObject($(element).text());
    return product ? [product] : [];
  });
  if (products.length === 0) return { nodes: [], skipped: [] };
  const currency = shopCurrency($);
  const unread = currency === null ? 'shopify/currency-unknown' : minorUnitDigits(currency) === 3 ? 'shopify/minor-unit-unknown' : null;
  if (currency === null || unread) return { nodes: [], skipped: products.map((_, index) => ({ syntax: 'shopify', index, reason: unread ?? 'shopify/currency-unknown', detail: currency ?? undefined })) };
  const nodes = products.map((product) => {
    const node = newNode(['Product']);
    if (typeof product.title === 'string') addValue(node, 'name', product.title);
    const elsewhere = otherProductUrl(product, pageUrl);
    if (elsewhere) addValue(node, 'url', elsewhere);
    for (const variant of product.variants as Json[]) {
      const offer = isObject(variant) ? variantOffer(variant, currency, pageUrl) : null;
      if (offer) addValue(node, 'offers', offer);
    }
    return node;
  });
  return { nodes, skipped: [] };
}
