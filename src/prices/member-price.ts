// A loyalty club's price ("Member price", "Clubcard Price", "prix adhérent", "Mitgliederpreis"): one vocabulary for the parser and the visible reader.
import { showsPrice } from './shows-price';

/**
 * Labels of a club's price. Never a bare "Members" or "for Members" before the amount, which ends many a product's
 * name ("Tee for Members") right before its price; after it "for members" says whose price it is.
 */
const MEMBER = [
  'members?(?:\'s)? (?:price|rate|pricing|deal|exclusive|only)', 'members? ?:', 'clubcard(?: price)?', 'club price', 'loyalty price', 'with membership', 'with (?:club|loyalty|rewards|member) card',
  'prix (?:adhérents?|membres?|club)', 'mitgliederpreis', 'mitgliedspreis', 'clubpreis', 'precio (?:de )?socios?', 'preço (?:de )?sócios?', 'prezzo soci(?:o)?',
  'ledenprijs', 'medlemspris', 'jäsenhinta', 'cena (?:klubowa|dla członków)', '会員価格', '会員様価格', '会員特価', 'メンバー価格', '会员价', '회원가',
  'מחיר (?:ל)?חברי מועדון', 'מחיר חבר מועדון', 'לחברי מועדון', 'سعر الأعضاء', 'للأعضاء',
  // A subscription's or a paid membership's price (Amazon's Subscribe & Save and Prime, Spar-Abo, Prévoyez et Économisez) and a
  // price only the shop's app gives: a shopper without them pays another.
  'with subscribe (?:&|and) save', 'subscribe (?:&|and) save price', 'with (?:a )?subscription', 'subscription price', 'when you subscribe', 'im (?:spar-)?abo', 'mit spar-abo', 'spar-abo(?:-preis)?',
  'avec (?:l.)?abonnement', 'prévoyez et économisez', 'prime (?:price|exclusive(?: price)?|member price|deal)', 'with prime', 'exclusive prime price',
  'app(?:-| )only(?: price| deal)?', '(?:in-)?app price', 'in (?:the |our )?app', 'in der app', 'dans l.app(?:li(?:cation)?)?', 'en la app', 'nell.app',
].join('|');

// "Non-member price" is everyone's.
const MEMBER_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?<!non[- ]?)(?:${MEMBER})[\\s:]*$`, 'iu');
/** "$80.00 (members $70.00)": a bare "members" is a label once a bracket opens right before it. */
const MEMBERS_IN_BRACKETS = /\(\s*(?:club\s+)?members?\s*:?\s*$/iu;

/** A club label that ends right before the amount (currency signs already taken off): "Member price:", "Clubcard Price", "(members". */
export const clubLabelBefore = (before: string): boolean => MEMBER_BEFORE.test(before) || MEMBERS_IN_BRACKETS.test(before);
/** Right after the amount: "$70.00 for members", "£1.50 Clubcard Price", "12,99 € für Mitglieder". */
const MEMBER_AFTER = new RegExp(`^[\\s(]*(?:${MEMBER}|for (?:club )?members|für mitglieder|pour les (?:adhérents|membres)|voor leden)(?![\\p{L}])`, 'iu');

/**
 * A club label right after an amount that no other amount follows: "$70.00 for members", "£1.50 Clubcard Price". In
 * "$80.00 Member price $70.00" the label may be either amount's; the parser settles that (see `settleClubLabels`).
 */
export function clubLabelAfter(after: string): boolean {
  const match = MEMBER_AFTER.exec(after);
  return match !== null && !showsPrice(after.slice(match[0].length));
}
