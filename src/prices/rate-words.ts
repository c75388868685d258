// Words that make an amount a rate, a price per night, day, week, year or person: one list for the parser and the page reader.
import { wordPattern, type WordPattern } from './word-pattern';

const words = (list: readonly string[]) => list.join('|');

/** The words of one kind of rate: what it is quoted per, after a slash or "per"; bare adverbs after the amount; labels before it. */
interface RateWords {
  per: readonly string[];
  /** Units that may carry a count after "per" ("per 6 months", "every 2 years"): a charge repeated each such span. */
  counted: readonly string[];
  /** Chinese, Japanese and Korean units after a slash, which no word boundary sets apart ("¥12,000/泊"). */
  cjk: readonly string[];
  /** Whole words after the amount that say "per …" alone ("nightly", "p.a.", "jährlich"). */
  adverbs: readonly string[];
  /** Labels ending right before the amount ("Tagespreis", "1泊あたり", "billed annually at"). */
  labels: readonly string[];
}

/**
 * A period of time: a stay's night, a rental's day, a plan's year. What the buyer pays again each period is no price of the
 * product ("$99.99/yr", "99 € jährlich", "€ 119,- p.a."): stored as one, a yearly plan read as a one-off purchase.
 */
const PERIOD: RateWords = {
  per: [
    'nights?', 'nt', 'days?', 'weeks?', 'wk', 'years?', 'yr', 'annum', 'nacht', 'nächte', 'tag', 'woche', 'jahr', 'nuit(?:ée)?', 'jour', 'semaine', 'an', 'année',
    'noche', 'día', 'dia', 'semana', 'año', 'notte', 'giorno', 'settimana', 'anno', 'dag', 'jaar', 'noite', 'doba', 'dobę', 'noc', 'natt', 'nat', 'døgn', 'dygn',
    'år', 'året', 'rok', 'yıl', 'год', 'рік',
  ],
  counted: ['months?', 'monaten?', 'mois', 'meses', 'mesi', 'maanden', 'years?', 'jahren?', 'ans', 'años', 'anni', 'jaar', 'weeks?', 'wochen', 'semaines'],
  cjk: ['泊', '晚', '晩', '夜', '天', '日', '月', '年', '박', '월'],
  adverbs: [
    'nightly', 'daily', 'weekly', 'yearly', 'annually', 'p\\.\\s?a\\.', 'pppn', 'täglich', 'jährlich', 'wöchentlich', 'par an(?![\\p{L}])',
    'rocznie', 'ročně', 'årligen', 'jaarlijks', 'yıllık', 'anualmente', 'annuellement', 'в год', 'на рік', 'om året',
  ],
  labels: [
    '(?:nightly|daily|weekly)\\s+(?:rate|price|fare)', 'tagespreis', 'nachtpreis', 'wochenpreis', 'gecelik', 'gece başı', '1\\s*(?:泊|박)\\s*(?:あたり|当たり|당)',
    '每晚', '每天', '月額', '年額', '월', '(?:billed|paid|charged|payable) (?:annually|yearly|monthly|weekly|every (?:year|month|week))(?: at)?',
  ],
};

/** A person: a fare, a tour or a menu per head. The parser reads one alone as the price of one place ("$49 per person"). */
const PERSON: RateWords = {
  per: [
    'persons?', 'people', 'guests?', 'adults?', 'passengers?', 'pax', 'travell?ers?', 'person(?:en)?', 'pers\\.', 'gast', 'reisende[nr]?', 'erwachsene[mnr]?', 'kopf',
    'personne', 'voyageur', 'persona', 'pasajero', 'huésped', 'passeggero', 'ospite', 'persoon', 'pessoa', 'osob[aęy]', 'os\\.',
  ],
  counted: [],
  cjk: ['人', '名', '인', '명'],
  adverbs: ['pp', 'p\\.\\s?p\\.', 'p\\.\\s?p(?![\\p{L}])'],
  labels: ['kişi başı', '1\\s*(?:名|人|인)\\s*(?:あたり|当たり|당)', '每人'],
};

/** "per", "/", "pro", "je", "par", "por", "a", "al", "la", "le", "all'", "za": the amount buys one of the period. */
const PER = "(?:\\/|per|pro|je|par|por|a|al|la|le|all'|za|each|every|im|ao|à)";

/**
 * After the amount: "/night", "per person", "pro Nacht", "par nuit", "avg/night", "per room per night", "roundtrip per traveler",
 * "x 5 nights", "billed annually", "per 6 months", or an adverb ("nightly", "pp").
 */
function afterPattern({ per, counted, cjk, adverbs }: RateWords): WordPattern {
  const units = words(per);
  const everyFew = counted.length > 0 ? `|${PER}\\s*\\d{1,2}\\s*(?:${words(counted)})(?![\\p{L}])` : '';
  return wordPattern(new RegExp(`^[\\s*,]*(?:(?:avg\\.?|average|ø|moy\\.?)\\s*)?(?:(?:round[- ]?trip|one[- ]way|return|each way|billed|paid|charged|payable|hin und zurück|aller-retour|ida y vuelta)\\s*,?\\s*)?(?:(?:per|/)\\s*room\\s*)?(?:${PER}\\s*1?\\s*(?:${units})(?![\\p{L}])${everyFew}|[x×]\\s*\\d+\\s*(?:${units})(?![\\p{L}])|\\/\\s*1?\\s*(?:${words(cjk)})|(?:${words(adverbs)})(?![\\p{L}]))`, 'iu'));
}

/**
 * Before the amount, as its whole label: "Nightly rate:", "Price per night", "Per night:", "Preis pro Nacht:", "Tagespreis",
 * "billed annually at". A price noun or a colon makes the label: a bare "nightly" is as often the word after the rate before
 * ("$189 nightly" then "$642 total"), and a product's name may end in "a Day" right before its price ("Apple a Day").
 */
function beforePattern({ per, labels }: RateWords): WordPattern {
  const units = words(per);
  return wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:(?:avg\\.?|average)\\s*)?(?:(?:price|rate|fare|cost|preis|prix|tarif|precio|tarifa|prezzo|prijs)\\s+${PER}\\s*(?:${units})|(?:per|pro|je|par|por|za|/)\\s*(?:${units})\\s*:|${words(labels)})[\\s:]*$`, 'iu'));
}

const both = (a: RateWords, b: RateWords): RateWords => ({ per: [...a.per, ...b.per], counted: [...a.counted, ...b.counted], cjk: [...a.cjk, ...b.cjk], adverbs: [...a.adverbs, ...b.adverbs], labels: [...a.labels, ...b.labels] });

/** A price per period of time, after the amount or as its label: what the price parser refuses as a rate. */
export const PERIOD_AFTER = afterPattern(PERIOD);
export const PERIOD_BEFORE = beforePattern(PERIOD);
/** A price per period or per person: what the page reader calls a rate (a stay's or a trip's total beside it is the price). */
export const RATE_AFTER = afterPattern(both(PERIOD, PERSON));
export const RATE_BEFORE = beforePattern(both(PERIOD, PERSON));
