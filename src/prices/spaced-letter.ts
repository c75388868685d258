// "C $20.00", "NT $1,290": capitals set apart before a shared sign qualify it or end a label; the amount's currency must not hang on which.
import { resolveCurrency, type CurrencyChoice, type CurrencyContext } from './currencies';
import type { CurrencyToken } from './price-tokens';

/**
 * Why the currency stays open, or null: the qualified reading ("C$" → CAD) and the bare sign's under the same hint, locale and
 * default ("$" on an en-US page → USD) name different currencies. eBay prints a Canadian listing "C $20.00" on its US site, and a
 * list of sizes prints "S $12.99" on a US shop; the letter alone cannot tell them apart. A bare sign nothing resolves, one the
 * sign alone resolves ("£": GBP, as glued letters overrule too), or one resolved to the qualified currency, agrees.
 */
export function spacedLetterClash(tokens: readonly CurrencyToken[], chosen: CurrencyChoice, context: CurrencyContext): string | null {
  for (const token of tokens) {
    if (!token.bareCandidates) continue;
    const sign = token.symbol.replace(/^[A-Z]+/, '');
    const bare = resolveCurrency(sign, token.bareCandidates, context);
    if (bare.source !== null && bare.source !== 'text' && bare.currency !== chosen.currency) {
      return `${JSON.stringify(token.symbol)} set apart is ${chosen.currency ?? token.candidates.join('/')}, or a label's letters before ${JSON.stringify(sign)} (${bare.currency} from the ${bare.source})`;
    }
  }
  return null;
}
