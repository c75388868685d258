// Whether an element's whole text says prices are shown after signing in (a B2B shop), from two word lists per language.

/**
 * Signing in, registering or having an account, as shops word it. Word stems, so one entry covers the forms a
 * sentence bends it into ("anmelden", "Anmeldung", "melden Sie sich an"; "connectez-vous", "connexion").
 */
const SIGN_IN = [
  'log ?in', 'log ?on', 'login', 'logged in', 'sign ?in', 'signed in', 'sign up', 'register(?:ed)?', 'registration', 'an account', 'your account',
  'anmeld\\p{L}*', 'melden sie sich an', 'einlogg\\p{L}*', 'eingeloggt\\p{L}*', 'registrier\\p{L}*', 'kundenkonto',
  'connect\\p{L}*', 'connexion', 'identifi\\p{L}*', 'inscri\\p{L}*',
  'inici\\p{L}* (?:la )?sesión', 'regístr\\p{L}*', 'registr[ao]\\p{L}*', 'acced\\p{L}*', 'accesso', 'effettua il login',
  'inlog\\p{L}*', 'ingelogd', 'aanmeld\\p{L}*', 'registreer\\p{L}*',
  'zaloguj\\p{L}*', 'zalogowan\\p{L}*', 'zarejestr\\p{L}*', 'logga in', 'inloggad\\p{L}*', 'logg inn', 'innlogget', 'log ind', 'logget ind',
  'faça login', 'inicie sess[ãa]o', 'cadastr\\p{L}*', 'přihlas\\p{L}*', 'bejelentkez\\p{L}*', 'kirjaudu', 'войд\\p{L}*', 'авториз\\p{L}*', 'зарегистр\\p{L}*',
  'ログイン', '会員登録', '登录', '登入', '注册', '로그인',
];

/** Price, prices, pricing in the same languages. */
const PRICE = [
  'pric\\p{L}*', '\\p{L}*preis\\p{L}*', 'prix', 'precio\\p{L}*', 'prezz[oi]', 'prijs', 'prijzen', 'cen[aęyě]?', 'pris\\p{L}*', 'preço\\p{L}*', 'árak', 'árat',
  'hinnat', 'hinta', 'цен\\p{L}*', '価格', '値段', '价格', '價格', '가격',
];

/**
 * Seeing, showing or having access to it, or a restriction to those who did ("only", "after"): without one the words are
 * about something else ("Sign up for price drop alerts" beside the price).
 */
const SHOWN = [
  'see', 'view', 'show\\p{L}*', 'access', 'unlock', 'reveal', 'visible', 'displayed', 'available', 'only', 'after', 'once',
  'sehen', 'anzeigen', 'angezeigt', 'sichtbar', 'einsehen', 'erst', 'nur', 'nach', 'voir', 'afficher', 'affichés?', 'visibles?', 'accéder', 'uniquement',
  'seulement', 'après', 'ver', 'mostrar', 'acceder', 'solo', 'sólo', 'después', 'tras', 'vedere', 'visualizzare', 'visibili', 'dopo', 'zien', 'bekijken',
  'zichtbaar', 'alleen', 'na', 'zobaczyć', 'widoczne', 'tylko', 'po', 'se', 'visa', 'vise', 'synliga', 'synlige', 'endast', 'kun', 'efter', 'etter',
  'visualizar', 'visíveis', 'apenas', 'após', 'zobraz\\p{L}*', 'vidět', 'pouze', 'увидеть', 'видеть', 'посмотреть', 'только', 'после',
];

/**
 * A club's, a better or an exclusive price for those who sign in is offered beside everyone's price, which the page
 * shows: not a withheld one ("Sign in for member prices", "Log in for exclusive prices").
 */
const OFFERED_EXTRA = [
  'members?', 'membership', 'exclusive', 'special', 'better', 'best', 'discount\\p{L}*', 'rewards?', 'points', 'save', 'savings?', 'deals?', 'offers?',
  'club\\p{L}*', 'vip', 'loyalty', 'mitglied\\p{L}*', 'exklusiv\\p{L}*', 'rabatt\\p{L}*', 'vorteil\\p{L}*', 'sonderpreis\\p{L}*', 'membres?',
  'exclusi\\p{L}*', 'socios?', 'miembros?', 'soci', 'leden', 'lid', 'medlem\\p{L}*', 'bonus',
];

const lookup = (list: readonly string[]) => new RegExp(`(?:^|[^\\p{L}])(?:${list.join('|')})(?![\\p{L}])`, 'iu');
const EXTRA_WORDS = lookup(OFFERED_EXTRA);
const CJK_EXTRA = /会員価格|会员价|회원가/u;
const SIGN_IN_WORDS = lookup(SIGN_IN);
const PRICE_WORDS = lookup(PRICE);
const SHOWN_WORDS = lookup(SHOWN);
const CJK_SHOWN = /表示|見る|ご覧|閲覧|查看|可见|显示|확인|보기/u;
// Japanese, Chinese and Korean set no spaces between words: their terms match anywhere.
const CJK = /ログイン|会員登録|登录|登入|注册|로그인/u;
const CJK_PRICE = /価格|値段|价格|價格|가격/u;

/** At most a sentence: a longer text is a paragraph about accounts, not the price's stand-in. */
const MAX_WORDS = 12;

/**
 * "Melden Sie sich an, um Preise zu sehen", "Veuillez vous connecter pour voir les prix", "Pricing available to registered
 * customers only": the element that stands where the price would be names signing in, the price and seeing it, with no
 * amount. A page saying so shows no price of its own; its structured data's is a placeholder or the list price (0.01 EUR
 * and 1.00 EUR were stored).
 */
export function signInForPrice(text: string): boolean {
  if (/\d/.test(text) || text.split(/\s+/).length > MAX_WORDS || EXTRA_WORDS.test(text) || CJK_EXTRA.test(text)) return false;
  const signIn = SIGN_IN_WORDS.test(text) || CJK.test(text);
  return signIn && (PRICE_WORDS.test(text) || CJK_PRICE.test(text)) && (SHOWN_WORDS.test(text) || CJK_SHOWN.test(text));
}
