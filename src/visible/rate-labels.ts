// Words that make an amount a rate (a price per night, day, week, year or person) or a fee beside the price (setup, taxes and fees).
import { RATE_AFTER, RATE_BEFORE } from '../prices/rate-words';

const words = (list: readonly string[]) => list.join('|');

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
