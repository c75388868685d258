// The default soft-404 markers: a page served as a success whose title says the page or product does not exist.
import { wholeTitlePattern } from './title-pattern';

/** "Oops! Page not found", "Sorry, this page does not exist": the exclamation a shop's 404 template opens with. */
const INTERJECTION = '(?:(?:oops|whoops|sorry|uh[- ]oh|ups|hoppla|oh non?)[!,.…]*\\s*)?';

/**
 * What the title of a shop's "not found" page says, in the languages of the shops we crawl; each is the
 * whole title, maybe after an interjection and beside a site label or an error number ("404 | Shop",
 * "Seite nicht gefunden - Shop"). Not "no longer available" or "sold out": such a page is the product's
 * own, and may show its last price.
 */
const NOT_FOUND_WORDS = [
  '(?:http )?404(?: error)?',
  '(?:error|erreur|fehler|errore|error de|błąd|chyba|hata|virhe|fejl|feil|fel|ошибка|помилка) 404',
  '404 (?:-\\s*)?(?:page )?not found',
  '(?:the )?(?:page|file|document|product|item|article|resource|url) (?:was )?not found',
  'not found',
  '(?:the|this) page (?:you (?:requested|are looking for|were looking for) )?(?:cannot|can\'t|could not|couldn\'t) be found',
  '(?:the|this) page (?:does not|doesn\'t) exist',
  '(?:we )?(?:can\'t|cannot|couldn\'t|could not) find (?:that|this|the) page',
  '(?:seite|artikel|produkt) (?:wurde )?nicht gefunden',
  'seite existiert nicht',
  '(?:page|produit) (?:introuvable|non trouvée|non trouvee)',
  'cette page n\'existe pas',
  'p[áa]gina no encontrada',
  'producto no encontrado',
  'p[áa]gina n[ãa]o encontrada',
  'produto n[ãa]o encontrado',
  'pagina non trovata',
  'prodotto non trovato',
  '(?:pagina|product) niet gevonden',
  'strona nie (?:została znaleziona|istnieje)',
  'nie znaleziono strony',
  'sidan (?:hittades inte|kunde inte hittas)',
  'siden (?:blev ikke fundet|findes ikke|ble ikke funnet|finnes ikke)',
  'sivua ei löytynyt',
  'stránka (?:nenalezena|nebyla nalezena)',
  'sayfa bulunamadı',
  'страница не найдена',
  'сторінку не знайдено',
  'ページが見つかりません(?:でした)?',
  'お探しのページは見つかりませんでした',
  '页面不存在',
  '页面未找到',
  '找不到(?:该)?页面',
  '페이지를 찾을 수 없습니다',
];

/**
 * A shop that answers a product it no longer has with a 200 and its 404 template ("soft 404") still fills
 * the template with prices: recommendations, bestsellers, a mini-cart. Read as the product's page, one of
 * them became the product's price.
 */
export const DEFAULT_NOT_FOUND_PATTERNS = [wholeTitlePattern([`${INTERJECTION}(?:${NOT_FOUND_WORDS.join('|')})`])];
