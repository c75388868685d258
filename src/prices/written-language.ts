// Which of a shared sign's currencies the text's own words name, where only one language writes them: "¥1,980（税込）" is yen, "¥99 含税" yuan.
import type { CurrencyChoice } from './currencies';

/**
 * Written only in Japanese: kana (but "の", which Chinese and Taiwanese shops borrow: "台灣の味"), and the Japanese forms of
 * tax-included, tax-excluded, price, postage and the yen ("込", "抜", "価", "円" are no Chinese characters; Chinese writes 含税, 价格).
 */
const JAPANESE = /(?!の)[\p{Script=Hiragana}\p{Script=Katakana}]|税込|税抜|税別|価格|送料|円/u;
/** Written only in simplified Chinese, the mainland's: the simplified price, fee, post and purchase characters, and "tax included". */
const CHINESE = /含税|[价费邮购优]/u;

/** The region whose language alone the text is written in, by the words above: JP, CN, or null (neither, or both). */
function writtenRegion(text: string): 'JP' | 'CN' | null {
  const [japanese, chinese] = [JAPANESE.test(text), CHINESE.test(text)];
  return japanese === chinese ? null : japanese ? 'JP' : 'CN';
}

/**
 * Settles a shared sign by the text's language: "¥" is the yen among Japanese words and the yuan among Chinese ones, as each
 * country prints its own currency with it (CLDR's ja and zh). Nothing resolved: the language's currency, from the text. The hint,
 * locale or default picked the other one: a contradiction, refused by the caller (the reason is returned). Else the choice stands.
 */
export function settleByLanguage(text: string, choice: CurrencyChoice): CurrencyChoice | string {
  const pool = choice.candidates ?? choice.among;
  const region = pool ? writtenRegion(text) : null;
  const own = region ? pool!.filter((code) => code.startsWith(region)) : [];
  if (own.length !== 1) return choice;
  if (choice.currency === null) return { currency: own[0], source: 'text' };
  if (choice.currency === own[0]) return choice;
  return `the text is written in ${region === 'JP' ? 'Japanese' : 'Chinese'}, whose sign is ${own[0]}, but the ${choice.source} says ${choice.currency}`;
}
