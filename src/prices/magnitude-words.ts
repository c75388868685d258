// Magnitude words of the languages shops write in, each with the one power of ten it scales by ("2,5 miljoen", "1.5 लाख", "3.5 ล้านบาท").
//
// Why: an amount read without its word is silently 10³ to 10⁹ off ("₹ 2 करोड़" read 2 rupees for 20,000,000).
// The words are CLDR's long compact forms (Intl.NumberFormat with notation "compact", compactDisplay "long",
// every plural form), gathered for the main language of every country and checked by hand: a word CLDR gives
// two scales is left out ("billion": 10⁹ in English, 10¹² in French and German; "bilion": Malay and Polish), and
// so are words that mean something else after a number ("min" (Azerbaijani), minutes; "mano", "kun", "libo").
// CLDR's Nepali data writes 10⁶ as "करोड"; a crore is 10⁷ in Nepal as in India, so the Indian scale stands.
// Lakh and crore as Indian languages write them are added, as shops there write prices in them whatever CLDR's
// compact forms say. Words that end in a script written without spaces (Thai, Lao, Khmer, Burmese) may have the
// currency glued after them ("ล้านบาท").

const BY_POWER: Readonly<Record<number, readonly string[]>> = {
  3: [
    'duizend', 'duisend', 'tusen', 'tusind', 'þúsund', 'túsund', 'tuhat', 'tuhatta', 'tysiąc', 'tysiące', 'tysięcy', 'tysiąca', 'tisíc', 'tisíce',
    'tisíca', 'tisuća', 'tisuće', 'tisoč', 'hiljada', 'hiljade', 'tūkstantis', 'tūkstančiai', 'tūkstančio', 'tūkstančių', 'tūkstotis', 'tūkstoši',
    'mijë', 'ezer', 'mila', 'mille', 'millier', 'milliers', 'miler', 'milers', 'de mii', 'elfu', 'χιλιάδα', 'χιλιάδες', 'тысяча', 'тысячи', 'тысяч',
    'тисяча', 'тисячі', 'тисяч', 'хиляди', 'хиљада', 'хиљаде', 'илјада', 'илјади', 'ҳазор', 'հազար', 'אלף', 'ألف', 'آلاف', 'هزار', 'ہزار', 'हज़ार',
    'हजार', 'হাজার', 'ஆயிரம்', 'พัน', 'ພັນ', 'ពាន់', 'ထောင်', 'ათასი', 'ሺ',
  ],
  4: ['หมื่น', 'သောင်း'],
  5: ['लाख', 'লাখ', 'লক্ষ', 'لاکھ', 'லட்சம்', 'లక్ష', 'లక్షలు', 'ಲಕ್ಷ', 'ലക്ഷം', 'લાખ', 'ਲੱਖ', 'แสน', 'ແສນ', 'သိန်း'],
  6: [
    'miljoen', 'miljon', 'miljoner', 'miljoona', 'miljoonaa', 'miljonit', 'miljoni', 'miljons', 'millioner', 'millió', 'millión', 'milljón',
    'milljónir', 'milioane', 'de milioane', 'miliona', 'milionu', 'milionů', 'milión', 'milióna', 'milióny', 'miliónov', 'milijon', 'milijona',
    'milijoni', 'milijonov', 'milijun', 'milijuna', 'milijonas', 'milijonai', 'milijono', 'milijonų', 'milions', 'milió', 'milyon',
    'εκατομμύριο', 'εκατομμύρια', 'миллион', 'миллиона', 'миллионов', 'мільйон', 'мільйона', 'мільйони', 'мільйонів', 'милион', 'милиона',
    'милиони', 'միլիոն', 'מיליון', 'مليون', 'ملايين', 'میلیون', 'ล้าน', 'ລ້ານ', 'លាន', 'သန်း', 'მილიონი', 'ሚሊዮን',
  ],
  7: ['करोड़', 'करोड', 'কোটি', 'کروڑ', 'கோடி', 'కోటి', 'కోట్లు', 'ಕೋಟಿ', 'കോടി', 'કરોડ', 'ਕਰੋੜ'],
  9: [
    'miljard', 'miljarder', 'miljardi', 'miljardia', 'miljardit', 'miljards', 'milliarde', 'milliarder', 'milliárd', 'milljarður', 'milljarðar',
    'miliard', 'miliarda', 'miliarde', 'de miliarde', 'miliardy', 'miliardów', 'miliardi', 'miliardo', 'miliárd', 'milijard', 'milijarda',
    'milijarde', 'milijardi', 'milijardas', 'milijardai', 'milijardo', 'milijardų', 'milyar', 'milyard', 'miliar', 'mil millones', 'bilhão',
    'bilhões', 'tỷ', 'δισεκατομμύριο', 'δισεκατομμύρια', 'миллиард', 'мільярд', 'мільярда', 'мільярди', 'мільярдів', 'милиард', 'милиарда',
    'милијарда', 'милијарде', 'милијарди', 'միլիարդ', 'מיליארד', 'مليار', 'میلیارد', 'अरब', 'ارب', 'พันล้าน', 'ຕື້', 'მილიარდი', 'ቢሊዮን',
  ],
  10: ['หมื่นล้าน'],
  11: ['खरब', 'کھرب', 'แสนล้าน'],
  12: ['ล้านล้าน', 'ລ້ານລ້ານ', 'nghìn tỷ', 'ngàn tỷ'],
};

export interface MagnitudeWord {
  word: string;
  power: number;
  /** Written in a script without spaces between words: the currency may follow with none. */
  unspaced: boolean;
}

const UNSPACED = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]$/u;

/** Devanagari letters with a nukta are also written as one precomposed character ("ड़" U+095C), which NFC leaves apart. */
const spellings = (word: string): string[] => {
  const nfc = word.normalize('NFC');
  const precomposed = nfc.replace(/\u0921\u093C/g, '\u095C').replace(/\u091C\u093C/g, '\u095B');
  return precomposed === nfc ? [nfc] : [nfc, precomposed];
};

/** Every word, longest first, so that "ล้านล้าน" is tried before "ล้าน" and "de milioane" before "milioane". */
export const MAGNITUDE_WORDS: readonly MagnitudeWord[] = Object.entries(BY_POWER)
  .flatMap(([power, words]) => words.flatMap((word) => spellings(word).map((spelling) => ({ word: spelling, power: Number(power), unspaced: UNSPACED.test(word) }))))
  .sort((a, b) => b.word.length - a.word.length);

/**
 * The words by their first code unit, each list in the order above. Why: a number's trailing text was compared with
 * all 218 words (a slice and a lower-casing each), on every number of every price text; only the words whose first
 * letter the text's first character lower-cases to can match.
 */
const BY_FIRST = new Map<string, MagnitudeWord[]>();
for (const entry of MAGNITUDE_WORDS) BY_FIRST.set(entry.word[0], [...(BY_FIRST.get(entry.word[0]) ?? []), entry]);

/**
 * The words (longest first) that `text` may start with when lower-cased. Lower-casing is the same character by
 * character except for a final sigma, which never applies to a first character, so a word the lower-cased text
 * starts with begins with the first unit of its first character lower-cased.
 */
export function magnitudeWordsFor(text: string): readonly MagnitudeWord[] {
  const first = text.codePointAt(0);
  if (first === undefined) return [];
  return BY_FIRST.get(String.fromCodePoint(first).toLowerCase()[0]) ?? [];
}
