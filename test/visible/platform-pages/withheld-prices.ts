// B2B and MAP pages that withhold the price in their own words (sign in to see it, why we don't show it), beside a structured placeholder; and pages whose sign-in note offers something beside a price they show.
import { ld, type PlatformPage } from './page-kit';

/** The structured offer such a page still prints: a placeholder or the list price, never what the signed-in buyer pays. */
const placeholder = (price: string, currency: string) => ld({ '@type': 'Product', name: 'Angle grinder', sku: 'AG-125', offers: { '@type': 'Offer', price, priceCurrency: currency } });
const box = (note: string) => `<div class="product-detail"><h1>Angle grinder 125</h1><div class="product-price">${note}</div><button>Add to quote</button></div>`;
const L = 'price/login-required';
/** A page whose price box says the price is shown after signing in, beside a structured [amount, currency]. */
const signInFor = (lang: string, [price, currency]: [string, string], note: string): PlatformPage => ({
  name: `${lang} "${note.replace(/<[^>]+>/g, '')}"`, lang, head: placeholder(price, currency), body: box(note), visible: L, stored: L,
});

export const PAGES: PlatformPage[] = [
  // Each stored its structured placeholder (0.01 or 1.00) as the price
  signInFor('de-DE', ['0.01', 'EUR'], 'Melden Sie sich an, um Preise zu sehen'),
  signInFor('de-DE', ['1.00', 'EUR'], '<a href="/login">Preise sehen Sie nach dem Login</a>'),
  signInFor('de-DE', ['1.00', 'EUR'], 'Händlerpreise nur nach Anmeldung'),
  signInFor('fr-FR', ['0.01', 'EUR'], 'Veuillez vous <a href="/connexion">connecter</a> pour voir les prix'),
  signInFor('es-ES', ['0.01', 'EUR'], 'Regístrate para ver los precios'),
  signInFor('it-IT', ['0.01', 'EUR'], 'Effettua il login per vedere i prezzi'),
  signInFor('nl-NL', ['0.01', 'EUR'], 'Log in om prijzen te zien'),
  signInFor('pl-PL', ['0.01', 'PLN'], 'Zaloguj się, aby zobaczyć cenę'),
  signInFor('cs-CZ', ['1.00', 'CZK'], 'Pro zobrazení cen se přihlaste'),
  signInFor('en-US', ['0.01', 'USD'], 'Pricing available to registered customers only'),
  signInFor('en-US', ['0.01', 'USD'], 'Please log in to view pricing.'),
  signInFor('ja-JP', ['1', 'JPY'], '価格を表示するにはログインしてください'),
  // A MAP shop's link where the price would be: the advertised price in its JSON-LD is not what the cart charges
  { name: 'en-US MAP "Why don\'t we show the price?"', lang: 'en-US', head: placeholder('999.00', 'USD'), body: box('<a href="#map">Why don\'t we show the price?</a>'), visible: 'price/in-cart', stored: 'price/in-cart' },
  // A sign-in note that offers something beside the price the page shows: the price stands
  { name: 'en-US "Sign in for member prices" beside the price', lang: 'en-US', body: '<div class="pdp"><p class="price">$89.00</p><p><a href="/login">Sign in for member prices</a></p></div>', visible: '89.00 USD', stored: '89.00 USD visible' },
  { name: 'en-US "Sign up for price drop alerts" beside the price', lang: 'en-US', body: '<div class="pdp"><p class="price">$89.00</p><p><a href="/signup">Sign up for price drop alerts</a></p></div>', visible: '89.00 USD', stored: '89.00 USD visible' },
  { name: 'de-DE "Mitglieder sehen Sonderpreise nach Anmeldung" beside the price', lang: 'de-DE', body: '<div class="pdp"><p class="price">89,00 €</p><p>Mitglieder sehen Sonderpreise nach Anmeldung</p></div>', visible: '89.00 EUR', stored: '89.00 EUR visible' },
];
