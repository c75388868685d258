// Word lists and price ranges that give each demo shop its own kind of retail catalog.

export interface DepartmentSpec {
  /** URL-safe key, e.g. "laptops". */
  category: string;
  /** What the shop shows, in its own language. */
  label: string;
  nouns: readonly string[];
  /** Regular price range in integer cents. */
  minCents: number;
  maxCents: number;
}

export interface CatalogSpec {
  skuPrefix: string;
  currency: string;
  brands: readonly string[];
  adjectives: readonly string[];
  departments: readonly DepartmentSpec[];
  /** Words for descriptions and reviews, in the shop's language. */
  prose: readonly string[];
  reviewers: readonly string[];
}

export const usElectronicsSpec: CatalogSpec = {
  skuPrefix: 'NW',
  currency: 'USD',
  brands: ['Voltra', 'Nimbus', 'Arcwave', 'Kestrel', 'Lumora', 'Quanta', 'Brightfield', 'Orbis'],
  adjectives: ['Pro', 'Air', 'Max', 'Lite', 'Ultra', 'Studio', 'Go', 'Plus'],
  departments: [
    { category: 'laptops', label: 'Laptops', nouns: ['Notebook', 'Ultrabook', 'Laptop', 'Workstation'], minCents: 49_900, maxCents: 329_900 },
    { category: 'phones', label: 'Phones', nouns: ['Smartphone', 'Phone', 'Foldable'], minCents: 19_900, maxCents: 179_900 },
    { category: 'audio', label: 'Audio', nouns: ['Headphones', 'Earbuds', 'Soundbar', 'Speaker'], minCents: 2_900, maxCents: 89_900 },
    { category: 'cameras', label: 'Cameras', nouns: ['Mirrorless Camera', 'Action Cam', 'Lens 35mm', 'Camera Kit'], minCents: 14_900, maxCents: 259_900 },
    { category: 'tv', label: 'TV & Home Theater', nouns: ['OLED TV 55"', 'QLED TV 65"', 'Projector', 'Streaming Box'], minCents: 4_900, maxCents: 399_900 },
    { category: 'smart-home', label: 'Smart Home', nouns: ['Thermostat', 'Video Doorbell', 'Smart Plug 4-Pack', 'Mesh Router'], minCents: 1_900, maxCents: 34_900 },
  ],
  prose: [
    'battery', 'display', 'performance', 'design', 'wireless', 'charging', 'processor', 'speakers', 'camera', 'sensor',
    'brightness', 'portable', 'aluminum', 'fast', 'quiet', 'setup', 'streaming', 'hours', 'warranty', 'travel',
    'everyday', 'reliable', 'crisp', 'colors', 'connect', 'premium', 'the', 'with', 'and', 'for', 'a', 'your', 'all-day',
  ],
  reviewers: ['Jordan M.', 'Alex P.', 'Sam R.', 'Taylor K.', 'Chris D.', 'Morgan L.', 'Jamie W.', 'Riley S.', 'Casey B.'],
};

export const ukHomeGardenSpec: CatalogSpec = {
  skuPrefix: 'HF',
  currency: 'GBP',
  brands: ['Harbour & Finch', 'Thornbury', 'Millbrook', 'Ashdown', 'Kestle & Co', 'Wrenfield'],
  adjectives: ['Classic', 'Heritage', 'Compact', 'Deluxe', 'Rustic', 'Coastal', 'Everyday'],
  departments: [
    { category: 'garden', label: 'Garden', nouns: ['Rattan Bistro Set', 'Raised Planter', 'Hose Reel', 'Bird Feeder', 'Parasol'], minCents: 899, maxCents: 149_900 },
    { category: 'kitchen', label: 'Kitchen', nouns: ['Stand Mixer', 'Cast Iron Casserole', 'Knife Block', 'Kettle', 'Toaster'], minCents: 599, maxCents: 54_900 },
    { category: 'lighting', label: 'Lighting', nouns: ['Floor Lamp', 'Pendant Shade', 'Table Lamp', 'LED Strip'], minCents: 799, maxCents: 34_900 },
    { category: 'bedding', label: 'Bedding', nouns: ['Duvet Cover Set', 'Linen Pillowcases', 'Wool Throw', 'Mattress Topper'], minCents: 1_299, maxCents: 29_900 },
    { category: 'tools', label: 'Tools & DIY', nouns: ['Cordless Drill', 'Tool Chest', 'Spirit Level', 'Hedge Trimmer'], minCents: 499, maxCents: 39_900 },
  ],
  prose: [
    'garden', 'home', 'crafted', 'durable', 'weatherproof', 'soft', 'timber', 'linen', 'oak', 'stoneware', 'finish',
    'colour', 'practical', 'timeless', 'easy', 'care', 'delivery', 'assembly', 'the', 'with', 'and', 'for', 'your',
    'a', 'lovely', 'sturdy', 'generous', 'neutral', 'tones', 'season',
  ],
  reviewers: ['Eleanor', 'Hamish', 'Priya', 'Oliver', 'Siobhan', 'Gareth', 'Fiona', 'Callum', 'Imogen'],
};

export const deGeneralStoreSpec: CatalogSpec = {
  skuPrefix: 'KL',
  currency: 'EUR',
  brands: ['Lindner', 'Schäfer & Söhne', 'Krämer', 'Müllerwerk', 'Grünwald', 'Höfner'],
  adjectives: ['Komfort', 'Profi', 'Classic', 'Öko', 'Premium', 'Kompakt'],
  departments: [
    { category: 'kueche', label: 'Küche', nouns: ['Küchenmaschine', 'Wasserkocher', 'Messerblock', 'Brotbackautomat', 'Stövchen'], minCents: 999, maxCents: 129_900 },
    { category: 'werkzeug', label: 'Werkzeug', nouns: ['Akku-Bohrschrauber', 'Schraubendreher-Satz', 'Werkzeugkoffer', 'Kappsäge'], minCents: 1_499, maxCents: 89_900 },
    { category: 'buero', label: 'Büro', nouns: ['Bürostuhl', 'Schreibtischlampe', 'Aktenvernichter', 'Höhenverstellbarer Schreibtisch'], minCents: 1_999, maxCents: 149_900 },
    { category: 'freizeit', label: 'Freizeit', nouns: ['Fahrradträger', 'Wanderrucksack', 'Grillrost', 'Isomatte', 'Kühlbox'], minCents: 1_299, maxCents: 69_900 },
  ],
  prose: [
    'Qualität', 'langlebig', 'praktisch', 'für', 'den', 'Alltag', 'mit', 'und', 'die', 'der', 'hochwertige', 'Verarbeitung',
    'einfache', 'Bedienung', 'Lieferung', 'Größe', 'Gewicht', 'schön', 'stabil', 'geräuscharm', 'Zubehör', 'Garantie',
    'Küche', 'Werkstatt', 'Büro', 'überzeugt', 'günstig', 'Maße',
  ],
  reviewers: ['Jürgen', 'Sabine', 'Björn', 'Anja', 'Günther', 'Käthe', 'Stefan', 'Jörg', 'Ulrike'],
};

export const deDrogerieSpec: CatalogSpec = {
  skuPrefix: 'TP',
  currency: 'EUR',
  brands: ['Bergmann & Töchter', 'Alpenrösterei', 'Klarwerk', 'Sauberhaft', 'Quellgut', 'Brühwerk'],
  adjectives: ['Bio', 'Classic', 'Premium', 'Fein', 'Extra', 'Natur'],
  departments: [
    { category: 'kaffee', label: 'Kaffee & Tee', nouns: ['Espressobohnen', 'Filterkaffee', 'Grüner Tee', 'Kakao'], minCents: 399, maxCents: 2_999 },
    { category: 'haushalt', label: 'Haushalt', nouns: ['Spülmittel', 'Waschmittel', 'Allzweckreiniger', 'Geschirrtabs'], minCents: 199, maxCents: 1_999 },
    { category: 'geraete', label: 'Geräte', nouns: ['Kaffeevollautomat', 'Siebträgermaschine', 'Milchaufschäumer', 'Kaffeemühle'], minCents: 4_999, maxCents: 189_900 },
    { category: 'getraenke', label: 'Getränke', nouns: ['Mineralwasser', 'Apfelschorle', 'Eistee', 'Cold Brew'], minCents: 99, maxCents: 899 },
  ],
  prose: ['Aroma', 'frisch', 'geröstet', 'ergiebig', 'sanft', 'kraftvoll', 'für', 'den', 'Alltag', 'mit', 'und', 'die', 'der', 'Qualität', 'Genuss', 'nachhaltig', 'Verpackung', 'Inhalt'],
  reviewers: ['Helga', 'Tobias', 'Miriam', 'Jens', 'Paula', 'Rüdiger'],
};
