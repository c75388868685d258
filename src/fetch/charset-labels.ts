// WHATWG Encoding labels → the standard's encoding name, lower-cased (`decodeText` in text-decoders.ts decodes each).
// Browsers treat "latin1", "ascii" and "iso-8859-1" as windows-1252; pages written for them rely on it
// (a "€" sent as 0x80 under a latin1 label), so we do the same.

const TABLE: Record<string, string[]> = {
  'utf-8': ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'],
  'windows-1252': [
    'ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100',
    'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252',
  ],
  // Latin-5 labels are windows-1254 in browsers, as Latin-1 labels are windows-1252.
  'windows-1254': [
    'cp1254', 'csisolatin5', 'iso-8859-9', 'iso-ir-148', 'iso8859-9', 'iso88599', 'iso_8859-9', 'iso_8859-9:1989',
    'l5', 'latin5', 'windows-1254', 'x-cp1254',
  ],
  'windows-874': ['dos-874', 'iso-8859-11', 'iso8859-11', 'iso885911', 'tis-620', 'windows-874'],
  ibm866: ['866', 'cp866', 'csibm866', 'ibm866'],
  'iso-8859-2': ['csisolatin2', 'iso-ir-101', 'l2', 'latin2'],
  'iso-8859-3': ['csisolatin3', 'iso-ir-109', 'l3', 'latin3'],
  'iso-8859-4': ['csisolatin4', 'iso-ir-110', 'l4', 'latin4'],
  'iso-8859-5': ['csisolatincyrillic', 'cyrillic', 'iso-ir-144'],
  'iso-8859-6': ['arabic', 'asmo-708', 'csiso88596e', 'csiso88596i', 'csisolatinarabic', 'ecma-114', 'iso-8859-6-e', 'iso-8859-6-i', 'iso-ir-127'],
  'iso-8859-7': ['csisolatingreek', 'ecma-118', 'elot_928', 'greek', 'greek8', 'iso-ir-126', 'sun_eu_greek'],
  'iso-8859-8': ['csiso88598e', 'csisolatinhebrew', 'hebrew', 'iso-8859-8-e', 'iso-ir-138', 'visual'],
  'iso-8859-8-i': ['csiso88598i', 'iso-8859-8-i', 'logical'],
  'iso-8859-10': ['csisolatin6', 'iso-ir-157', 'l6'],
  'iso-8859-13': [],
  'iso-8859-14': [],
  'iso-8859-15': ['csisolatin9', 'l9'],
  'iso-8859-16': [],
  'koi8-r': ['cskoi8r', 'koi', 'koi8', 'koi8-r', 'koi8_r'],
  'koi8-u': ['koi8-ru', 'koi8-u'],
  macintosh: ['csmacintosh', 'mac', 'macintosh', 'x-mac-roman'],
  'x-mac-cyrillic': ['x-mac-cyrillic', 'x-mac-ukrainian'],
  gbk: ['chinese', 'csgb2312', 'csiso58gb231280', 'gb2312', 'gb_2312', 'gb_2312-80', 'gbk', 'iso-ir-58', 'x-gbk'],
  gb18030: ['gb18030'],
  big5: ['big5', 'big5-hkscs', 'cn-big5', 'csbig5', 'x-x-big5'],
  'euc-jp': ['cseucpkdfmtjapanese', 'euc-jp', 'x-euc-jp'],
  shift_jis: ['csshiftjis', 'ms932', 'ms_kanji', 'shift-jis', 'shift_jis', 'sjis', 'windows-31j', 'x-sjis'],
  'euc-kr': [
    'cseuckr', 'csksc56011987', 'euc-kr', 'iso-ir-149', 'korean', 'ks_c_5601-1987', 'ks_c_5601-1989', 'ksc5601',
    'ksc_5601', 'windows-949',
  ],
  'iso-2022-jp': ['csiso2022jp', 'iso-2022-jp'],
  // Encodings browsers refuse to decode (their 7-bit escapes let markup hide in them): the whole body is
  // one U+FFFD. Read as utf-8, their two-byte codes are ASCII pairs, digits among them ("１２" is "#1#2").
  replacement: ['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement'],
  'x-user-defined': ['x-user-defined'],
  'utf-16be': ['unicodefffe', 'utf-16be'],
  'utf-16le': ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le'],
};

function buildLabelMap(): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, labels] of Object.entries(TABLE)) {
    for (const label of labels) map.set(label, name);
  }
  // The ISO-8859 parts share one label pattern; windows-125x the "cp"/"x-cp" aliases.
  for (const part of [2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16]) {
    const name = `iso-8859-${part}`;
    for (const label of [name, `iso8859-${part}`, `iso8859${part}`, `iso_8859-${part}`]) map.set(label, name);
  }
  for (const part of [0, 1, 3, 5, 6, 7, 8]) {
    const name = `windows-125${part}`;
    for (const label of [name, `cp125${part}`, `x-cp125${part}`]) map.set(label, name);
  }
  map.set('iso_8859-2:1987', 'iso-8859-2');
  map.set('iso_8859-5:1988', 'iso-8859-5');
  map.set('iso_8859-7:1987', 'iso-8859-7');
  return map;
}

const LABELS = buildLabelMap();

/** The canonical encoding for a label as a browser resolves it, or null for a label no browser knows. */
export function resolveCharsetLabel(label: string): string | null {
  const key = label.trim().replace(/^["']|["']$/g, '').trim().toLowerCase();
  return LABELS.get(key) ?? null;
}
