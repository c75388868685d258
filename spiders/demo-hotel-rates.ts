// Spider for the demo hotel rate API: a rate-shop matrix (hotels × check-ins × LOS × occupancy), one JSON request per cell.
import { addDays, expandMatrix, rateKeyId, Spider, type CrawlResponse, type PriceItem, type RateKey, type RateMatrix, type SpiderOutput } from 'pricecrawl';
import { DEMO_HOTELS } from '../demo/hotel-rates/hotel-rate-api';
import { parseShopBase, requireShopBase, type ShopBase } from './support/shop-base-url';

/** Spider arguments: `baseUrl`, and optionally `hotels` (comma list), `days`, `los` and `occ` (comma lists), `from` (YYYY-MM-DD). */
export class DemoHotelRatesSpider extends Spider {
  readonly name = 'demo-hotel-rates';
  /** Under the API's 20 requests/s: visibly polite, still a few seconds for the demo matrix. */
  override settings = { politeness: { minIntervalMs: 60, jitterMs: 10 } };
  private readonly base: ShopBase | null;

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.base = parseShopBase(args, 'demo-hotel-rates');
    if (this.base) this.allowedDomains = [this.base.host];
  }

  /** The matrix this run shops: next `days` check-ins from tomorrow (UTC) unless `from` is given. */
  matrix(): RateMatrix {
    const list = (text: string | undefined, fallback: string) => (text ?? fallback).split(',').filter(Boolean);
    return {
      competitors: list(this.args.hotels, DEMO_HOTELS.join(',')),
      firstCheckIn: this.args.from ?? addDays(new Date().toISOString().slice(0, 10), 1),
      days: Number(this.args.days ?? 5),
      lengthsOfStay: list(this.args.los, '1,3').map(Number),
      occupancies: list(this.args.occ, '1,2').map(Number),
    };
  }

  /** Lazily, one request per matrix cell: the seeder pulls them as the frontier takes them. */
  override async *start(): AsyncIterable<SpiderOutput> {
    const { origin } = requireShopBase(this.base, this.name);
    for (const key of expandMatrix(this.matrix())) {
      const query = new URLSearchParams({ hotel: key.competitor, checkin: key.checkIn, los: String(key.los), occ: String(key.occupancy) });
      yield this.request<RateKey>(`${origin}/rates?${query}`, 'parseRate', key);
    }
  }

  /** One rate cell: keyed by (competitor, check-in, LOS, occupancy) as the request was. */
  async *parseRate(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const key = res.request.meta as RateKey;
    const body = res.json() as { total?: unknown; currency?: unknown; available?: unknown };
    const item: PriceItem = {
      sku: rateKeyId(key),
      ...key,
      price: typeof body.total === 'string' ? body.total : null,
      currency: typeof body.currency === 'string' ? body.currency : null,
      available: body.available === true,
      source: 'api',
      url: res.url,
    };
    yield item;
  }
}
