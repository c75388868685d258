// Words that make an amount a rate (a price per night, day, week, year or person) or a fee beside the price (setup, taxes and fees).

const words = (list: readonly string[]) => list.join('|');

/** What a travel, rental or subscription price may be quoted per, in the languages shops write. */
const PERIODS = words([
  'nights?', 'nt', 'days?', 'weeks?', 'wk', 'years?', 'yr', 'annum', 'persons?', 'people', 'guests?', 'adults?', 'passengers?', 'pax', 'travell?ers?',
  'nacht', 'nächte', 'tag', 'woche', 'jahr', 'person(?:en)?', 'pers\\.', 'gast', 'reisende[nr]?', 'erwachsene[mnr]?', 'kopf',
  'nuit(?:ée)?', 'jour', 'semaine', 'an', 'année', 'personne', 'voyageur',
  'noche', 'día', 'dia', 'semana', 'año', 'persona', 'pasajero', 'huésped',
  'notte', 'giorno', 'settimana', 'anno', 'passeggero', 'ospite',
  'dag', 'jaar', 'persoon', 'noite', 'pessoa', 'doba', 'dobę', 'noc', 'osob[aęy]', 'os\\.', 'natt', 'nat', 'døgn', 'dygn',
]);
/** Chinese, Japanese and Korean periods after a slash: "¥12,000/泊", "¥680/晚", "120,000원/1박", "980円/月". */
const CJK_PERIODS = words(['泊', '晚', '晩', '夜', '天', '日', '人', '名', '月', '박', '인', '명', '월']);
/** "per", "/", "pro", "je", "par", "por", "a", "al", "la", "le", "all'", "za": the amount buys one of the period. */
const PER = "(?:\\/|per|pro|je|par|por|a|al|la|le|all'|za|each|im|ao|à)";
/**
 * After the amount: "/night", "per person", "pro Nacht", "par nuit", "avg/night", "per room per night", "roundtrip per traveler", "x 5 nights",
 * "billed annually", or an adverb ("nightly", "pp").
 */
const RATE_AFTER = new RegExp(`^[\\s*,]*(?:(?:avg\\.?|average|ø|moy\\.?)\\s*)?(?:(?:round[- ]?trip|one[- ]way|return|each way|billed|paid|charged|payable|hin und zurück|aller-retour|ida y vuelta)\\s*,?\\s*)?(?:(?:per|/)\\s*room\\s*)?(?:${PER}\\s*1?\\s*(?:${PERIODS})(?![\\p{L}])|[x×]\\s*\\d+\\s*(?:${PERIODS})(?![\\p{L}])|\\/\\s*1?\\s*(?:${CJK_PERIODS})|(?:nightly|daily|weekly|yearly|annually|p\\.\\s?a\\.|pppn|pp|p\\.\\s?p\\.|p\\.\\s?p(?![\\p{L}])|täglich|jährlich|wöchentlich|par an(?![\\p{L}]))(?![\\p{L}]))`, 'iu');
/**
 * Before the amount, as its whole label: "Nightly rate:", "Price per night", "Per night:", "Preis pro Nacht:", "Tagespreis",
 * "billed annually at". A price noun or a colon makes the label: a bare "nightly" is as often the word after the rate before
 * ("$189 nightly" then "$642 total"), and a product's name may end in "a Day" right before its price ("Apple a Day").
 */
const RATE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:(?:avg\\.?|average)\\s*)?(?:(?:nightly|daily|weekly)\\s+(?:rate|price|fare)|(?:price|rate|fare|cost|preis|prix|tarif|precio|tarifa|prezzo|prijs)\\s+${PER}\\s*(?:${PERIODS})|(?:per|pro|je|par|por|za|/)\\s*(?:${PERIODS})\\s*:|tagespreis|nachtpreis|wochenpreis|gecelik|gece başı|kişi başı|(?:1\\s*(?:泊|名|人|박|인))\\s*(?:あたり|当たり|당)|每晚|每人|每天|月額|월|(?:billed|paid|charged|payable) (?:annually|yearly|monthly|weekly|every (?:year|month|week))(?: at)?)[\\s:]*$`, 'iu');

/**
 * Money charged beside the price of the stay, the plan or the ticket: setup, activation, taxes and fees, a resort or cleaning fee.
 * Named as a fee: a "one-time payment" is the price of a licence bought outright, an "einmalige Gelegenheit" no charge at all.
 */
const FEES = words([
  '(?:one[- ]time\\s+)?(?:setup|set-up|activation|connection|installation|install|booking|service|cleaning|resort|destination|facility|processing|admin(?:istration|istrative)?|handling|registration|joining|sign[- ]?up|enrol?lment|termination|cancellation|change|baggage|bag|seat|amenity|parking|convenience|credit card)\\s+(?:fee|charge)s?', 'one[- ]time (?:fee|charge)',
  'taxes\\s*(?:,|and|&)\\s*(?:fees|charges)', 'tax and fees', 'fees and taxes', '(?:city|tourist|local|occupancy|resort) tax(?:es)?',
  'anschluss(?:preis|gebühr|entgelt)', 'einrichtungs(?:gebühr|preis|entgelt)', 'bereitstellungs(?:preis|gebühr|entgelt)', 'aktivierungs(?:gebühr|preis)',
  'einmalige[rn]? (?:kosten|gebühr|anschlusspreis|bereitstellungspreis)', '(?:service|buchungs|bearbeitungs|reinigungs|anmelde|aufnahme)gebühr(?:en)?', 'kurtaxe', 'endreinigung', 'steuern und gebühren',
  "frais (?:de dossier|de mise en service|d'activation|de service|de ménage|de réservation|d'inscription|de résiliation|d'installation)", 'taxe de séjour', 'taxes et frais',
  'cuota de (?:alta|activación|instalación|inscripción)', 'gastos de (?:gestión|gestion|limpieza)', 'tasa turística', 'impuestos y (?:tasas|cargos)',
  '(?:costo|contributo) di (?:attivazione|installazione)', 'tassa di soggiorno', 'spese di (?:gestione|pulizia)',
  '(?:aansluit|activerings|service|schoonmaak|reserverings|administratie)kosten', 'toeristenbelasting',
  'opłata (?:aktywacyjna|serwisowa|rezerwacyjna|klimatyczna|instalacyjna)',
]);
/** A fee's words right before its amount ("Setup fee:", "Taxes and fees"), but not "incl. taxes and fees:" before the total. */
const FEE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${FEES})[^\\d\\p{L}]{0,6}$`, 'iu');
/** What turns a fee's name before an amount into a note on the total, or says there is none ("No hidden booking fees"). */
const NOT_A_FEE_BEFORE = /(?:incl\.?|inc\.?|include|includes|including|included|inkl\.?|inklusive|einschl\.?|y compris|incluant|incluye|incluidos?|incluidas?|inclusi?|incluso|inclusief|with|all|no|without|zero|free of|ohne|keine|sans|sin|senza|geen)\s*(?:(?:all|hidden|extra|additional|versteckten|frais)\s*)?$/iu;
/** After the amount a bare "taxes" or "fees" names the charge too: "+ $66 taxes", "$25 fees". */
const FEE_AFTER = new RegExp(`^\\s*(?:${FEES}|taxes|fees|gebühren|frais)(?![\\p{L}])`, 'iu');
const INCLUDED_AFTER = /^[^\d.;]{0,30}?(?:^|[^\p{L}])(?:included|incl\.?|inclus|incluses|compris|inbegriffen|inklusive|incluidos?|incluidas?|incluse|inclusi|may apply)(?![\p{L}])/iu;

/** Whether the words before the amount end with a fee's name that no "incl." turns into a note on the total. */
function feeBefore(before: string): boolean {
  const match = FEE_BEFORE.exec(before);
  return match !== null && !NOT_A_FEE_BEFORE.test(before.slice(0, match.index + (/^[^\p{L}]/u.test(match[0]) ? 1 : 0)));
}

/** `fee` for a charge beside the price, `rate` for a price per period or person, else null. */
export function rateOrFee(before: string, after: string): 'rate' | 'fee' | null {
  if ((FEE_AFTER.test(after) && !INCLUDED_AFTER.test(after)) || feeBefore(before)) return 'fee';
  if (RATE_AFTER.test(after) || RATE_BEFORE.test(before)) return 'rate';
  return null;
}
