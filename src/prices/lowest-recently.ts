// The EU "lowest price of the last 30 days" note (Omnibus Directive 2019/2161, Art. 6a): one matcher for the parser and the visible reader.
import { wordPattern } from './word-pattern';
import { DAY_COUNT_AFTER } from './number-exclusions';

const LOWEST_WORDS = [
  'lowest', 'niedrigste[rns]?', 'tiefstpreis', 'bestpreis', 'le plus bas', 'najniższa', 'più basso', 'más bajo', 'mais baixo', 'laagste', 'nejnižší',
  'najnižšia', 'cel mai mic', 'legalacsonyabb', 'lägsta', 'laveste', 'alhaisin', 'najniža', 'najnižja', 'χαμηλότερη', 'найнижча', 'най-ниска(?:та)?',
  'mažiausia', 'žemiausia', 'zemākā', 'madalaim',
].join('|');

/** The lowest-price word near the end of the label, with at most one number (the day count) after it. */
const LOWEST_NEAR_END = wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:${LOWEST_WORDS})(?![\\p{L}])[^\\d]{0,60}(?:\\d{1,3}[^\\d]{0,60})?$`, 'iu'));

const BEFORE_REDUCTION = [
  'before (?:the )?(?:price )?(?:reduction|discount|sale)', 'prior to (?:the )?(?:price )?(?:reduction|discount|sale)',
  'vor (?:der )?(?:preis)?(?:senkung|reduzierung|ermäßigung|aktion)', 'avant (?:la )?(?:réduction|remise|promotion|baisse)',
  'prima (?:dello|della) (?:sconto|riduzione|promozione)', 'antes (?:de la|del) (?:descuento|rebaja|promoción)', 'voor (?:de )?(?:korting|prijsverlaging)',
  'przed obniżką', 'před slevou', 'pred zľavou', 'înainte de reducere', 'före (?:rea|sänkning|prissänkning)', 'før (?:rabat|nedsættelse|prisnedsættelse)', 'ennen alennusta',
].join('|');
/**
 * What makes "lowest" the note and not a boast: the note always names its window, a day count ("30 Tage",
 * "30-day") or "before the reduction". Without it ("Our lowest price ever: $9.99", "Bestpreis: 19,99 €")
 * the amount is the price to pay now.
 */
const WINDOW = wordPattern(new RegExp(`\\d{1,3}${DAY_COUNT_AFTER}|(?:^|[^\\p{L}])(?:${BEFORE_REDUCTION})(?![\\p{L}])`, 'iu'));

/** Whether the text right before an amount is the lowest-price-of-the-last-30-days note's label. */
export const isLowestRecentlyLabel = (before: string): boolean => LOWEST_NEAR_END.test(before) && WINDOW.test(before);
