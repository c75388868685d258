// A price only some buyers get (a club's, a card's, a subscription's, the app's, a student's or a trade account's): one vocabulary for the parser and the visible reader.
import { wordPattern } from './word-pattern';
import { showsPrice } from './shows-price';

/**
 * Labels of such a price in scripts that write words apart. Never a bare "Members" or "for Members" before the amount,
 * which ends many a product's name ("Tee for Members") right before its price; after it "for members" says whose price
 * it is. Never a bare "Pro", "Plus" or "Card" before "price" either ("MacBook Pro price", "Gift card price"): product names.
 */
const MEMBER = [
  'members?(?:\'s)? (?:price|rate|pricing|deal|exclusive|only)', 'members? ?:', 'members? pay', 'prices? for (?:club )?members', 'clubcard(?: price)?',
  '(?:club|loyalty|rewards?(?: member)?|cardholder|card ?member|student|trade|business|subscriber|autoship|repeat delivery|insider|vip) (?:price|pricing|deal)',
  'with membership', 'with (?:club|loyalty|rewards|member|store) card', 'with (?:autoship|repeat delivery)', 'autoship(?: (?:&|and) save)?', 'trade ?:',
  // French, German, Spanish, Portuguese, Italian: the price of members, the club, the card, subscribers, students.
  'prix (?:adhérents?|membres?|club|fidélité|carte(?: fidélité)?|abonnés?|abonnement|étudiants?)', 'prix réservé aux (?:adhérents|membres|abonnés)',
  '(?:mitglieder|mitglieds|club|klub|kundenkarten|abo|spar-?abo|studenten|händler|gewerbekunden)-?preis', 'spar-?abo', 'mit (?:kundenkarte|clubkarte|app)',
  'precio (?:de |para )?(?:socios?|miembros?|club|suscriptor(?:es)?|estudiantes?)', 'precio (?:con |exclusivo )?tarjeta(?: [\\p{L}]+)?',
  'preço (?:de |para )?(?:sócios?|membros?|assinantes?|clube|associados?)', 'preço (?:com |no )?cartão(?: [\\p{L}]+)?',
  'prezzo (?:soci(?:o)?|per i soci|riservato ai soci|fidelity|carta(?: fedeltà)?|abbonati|membri|club)',
  // Dutch, the Nordic languages, Polish, Czech and Slovak, Russian, Turkish, Hebrew, Arabic.
  '(?:leden|klanten|club)prijs', 'met (?:klanten|leden|bonus)kaart', 'medlemspris', 'kundeklubb?pris', '(?:klubb?|club)-?pris', 'bonus(?:kaart)? ?prijs', 'jäsenhinta', 'kanta-asiakashinta',
  'cena (?:klubowa|dla członków|z kartą|dla posiadaczy karty|w aplikacji)', 'cena s kartou', 'členská cena', 'klubová cena', 'cena pro členy',
  'цена (?:по карте|с картой|для членов клуба|для участников|в приложении)', 'клубная цена', '(?<!оплат[аы] )по карте',
  'üye(?:lere özel)? fiyatı?', 'מחיר (?:ל)?חברי מועדון', 'מחיר חבר מועדון', 'לחברי מועדון', 'سعر الأعضاء', 'للأعضاء',
  // A subscription's or a paid membership's price (Amazon's Subscribe & Save and Prime, Spar-Abo, Prévoyez et Économisez) and a
  // price only the shop's app gives: a shopper without them pays another.
  'with subscribe (?:&|and) save', 'subscribe (?:&|and) save price', 'with (?:a )?subscription', 'subscription price', 'when you subscribe', 'im (?:spar-)?abo', 'mit spar-abo',
  // A supermarket card named where "member" would stand (Sainsbury's Nectar, Lidl Plus, my Waitrose): never a bare "Nectar" ("Peach Nectar").
  'nectar(?: card)? prices?', 'with (?:your )?(?:nectar|lidl plus|my waitrose)', 'lidl plus (?:price|deal|offer)',
  'avec (?:l.)?abonnement', 'prévoyez et économisez', 'prime (?:price|exclusive(?: price)?|member price|deal)', 'with prime', 'exclusive prime price',
  'app(?:-| )only(?: price| deal)?', '(?:in-)?app price', 'in (?:the |our )?app', 'in der app', 'dans l.app(?:li(?:cation)?)?', 'en la app', 'nell.app',
].join('|');

/**
 * The same in Japanese, Chinese and Korean, which join words: "プライム会員価格" and "와우회원가" end in the club's label with
 * no space before it, so these match at the end of whatever precedes them.
 */
const MEMBER_CJK = [
  '会員(?:様)?(?:価格|特価)', 'メンバー価格', '学生価格', 'アプリ(?:限定)?価格', '定期(?:購入|便|おトク便)(?:価格)?', '定期おトク便',
  // Chinese: a member's price or discount ("会员价", "会员优惠", "VIP价"), and a paid club's name standing as the label ("PLUS会员 ¥45",
  // JD's; "88VIP"): "优惠" alone is a discount ("限时优惠 ¥99" stays a price).
  '(?:PLUS|S?VIP|88VIP|超级|付费)?会员(?:专享|专属)?(?:价|优惠|特价|折扣)', '(?:PLUS|S?VIP|88VIP)会员', 'S?VIP(?:专享|专属)?价', 'PLUS价', '学生价', 'APP专享价', '회원(?:가(?!입)|특가)', '카드할인가', '멤버십가',
].join('|');

// "Non-member price" is everyone's.
const MEMBER_BEFORE = wordPattern(new RegExp(`(?:(?:^|[^\\p{L}])(?<!non[- ]?)(?:${MEMBER})|(?:${MEMBER_CJK}))[\\s:：]*$`, 'iu'));
/** "$80.00 (members $70.00)": a bare "members" is a label once a bracket opens right before it. */
const MEMBERS_IN_BRACKETS = wordPattern(/\(\s*(?:club\s+)?members?\s*:?\s*$/iu);

/** A club label that ends right before the amount (currency signs already taken off): "Member price:", "Clubcard Price", "(members". */
export const clubLabelBefore = (before: string): boolean => MEMBER_BEFORE.test(before) || MEMBERS_IN_BRACKETS.test(before);
/**
 * After the amount only, where no product's name stands: a club's own name before its label ("$39.95 REI Member Price",
 * "$39.95 Beauty Insider price"; never "non-member"), and a card of any name ("$3.99 with Card", "with ExtraCare card";
 * never a gift or greeting card; "700 ₽ с Ozon Картой"). Before an amount these end names: "Birthday Cake with Card $24.99",
 * "Пазл с картой мира" (a puzzle with a world map).
 */
const CARD_WORDS = [
  // A card of its own name, also one word ("$3.99 with ExtraCare card", "£9 with Clubcard"; never a gift card).
  'with (?:(?:the|your|a|an) )?(?:(?!gift|greeting)[\\p{L}-]+ )?(?!gift|greeting)[\\p{L}-]*card',
  'с (?:[\\p{L}]+ )?картой',
  // "with the card" in French, Spanish, Italian, Portuguese, German and Dutch: the shop's card ("9,99 € avec la carte"), never a gift card.
  'avec (?:la |votre |ma )?carte(?! cadeau)', 'con (?:la |tu |su )?(?:tarjeta|carta)(?! regalo)', 'com (?:o |seu )?cartão(?! presente)',
  'mit (?:der |ihrer )?(?:kunden|club)?karte', 'met (?:de |uw )?(?:klanten|bonus)?kaart',
  // The shop's own app named after "with" ("1,99 € Mit Penny App", "with the Target app").
  'mit (?:der )?(?:[\\p{L}-]+ )?app', 'with (?:the |our )?(?:[\\p{L}-]+ )?app', 'avec (?:l.)?appli(?:cation)?(?: [\\p{L}-]+)?',
];
const AFTER_ONLY = [
  "(?:(?!non\\b)[\\p{L}&'-]+\\s+){1,2}(?:members?|insiders?|rewards?|loyalty|club|cardholders?|vip) (?:price|pricing|deal)",
  ...CARD_WORDS,
].join('|');
/**
 * A card's or an app's words standing alone as a label, opening the text or between two amounts ("Mit Karte 1,99 €", "2,49 € Mit
 * Karte 1,99 €", "4,99 € avec la carte 3,99 €", "1,99 € Mit Penny App"): no product's name stands there, so they name a card
 * holder's price before an amount too (each was stored as everyone's price). After a name they are still part of it ("Birthday
 * Cake with Card $24.99").
 */
const CARD_ALONE = new RegExp(`^[\\s:|,;·•(\\-–]*(?:${CARD_WORDS.join('|')})[\\s:：)]*$`, 'iu');
export const cardLabelAlone = (words: string): boolean => CARD_ALONE.test(words);

/** Right after the amount: "$70.00 for members", "£1.50 Clubcard Price", "12,99 € für Mitglieder", "$17.99 Autoship". */
const MEMBER_AFTER = wordPattern(new RegExp(
  `^[\\s(]*(?:(?:${MEMBER}|${AFTER_ONLY}|for (?:club )?members|für mitglieder|pour les (?:adhérents|membres)|voor leden)(?![\\p{L}])|(?:${MEMBER_CJK}))`,
  'iu',
));

/**
 * A club label right after an amount that no other amount follows: "$70.00 for members", "£1.50 Clubcard Price". In
 * "$80.00 Member price $70.00" the label may be either amount's; the parser settles that (see `settleClubLabels`).
 */
export function clubLabelAfter(after: string): boolean {
  const match = MEMBER_AFTER.exec(after);
  return match !== null && !showsPrice(after.slice(match[0].length));
}
