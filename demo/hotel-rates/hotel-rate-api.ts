// Demo hotel rate API on loopback: JSON rates per (hotel, check-in, LOS, occupancy), 429 + Retry-After above its rate limit.
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HotelRateApiOptions {
  /** Requests answered per one-second window; more get 429 with `Retry-After: 1`. */
  limitPerSecond?: number;
  hotels?: readonly string[];
  port?: number;
}

export interface HotelRateApi {
  origin: string;
  hotels: readonly string[];
  /** Answers so far by status (200, 404, 429). */
  statusCounts: Map<number, number>;
  close(): Promise<void>;
}

export const DEMO_HOTELS = ['harbour-view', 'old-town-inn', 'station-lodge'] as const;

/** Deterministic nightly rate in cents: a base per hotel, weekend and occupancy surcharges. */
export function nightlyCents(hotel: string, checkIn: string, occupancy: number): number {
  const base = 8_000 + (createHash('sha1').update(hotel).digest().readUInt16BE(0) % 6_000);
  const weekday = new Date(`${checkIn}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 5 || weekday === 6 ? 2_500 : 0;
  return base + weekend + (occupancy - 1) * 1_500;
}

const cents = (n: number): string => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export async function startHotelRateApi(options: HotelRateApiOptions = {}): Promise<HotelRateApi> {
  const limit = options.limitPerSecond ?? 20;
  const hotels = options.hotels ?? DEMO_HOTELS;
  const statusCounts = new Map<number, number>();
  let windowStartMs = 0;
  let inWindow = 0;
  const count = (status: number) => statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const now = Date.now();
    if (now - windowStartMs >= 1000) {
      windowStartMs = now;
      inWindow = 0;
    }
    if (url.pathname === '/robots.txt') return void res.writeHead(404).end();
    if (++inWindow > limit) {
      count(429);
      return json(res, 429, { error: 'rate limited' }, { 'retry-after': '1' });
    }
    const hotel = url.searchParams.get('hotel') ?? '';
    const checkIn = url.searchParams.get('checkin') ?? '';
    const los = Number(url.searchParams.get('los'));
    const occupancy = Number(url.searchParams.get('occ'));
    if (url.pathname !== '/rates' || !hotels.includes(hotel) || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn) || !(los >= 1) || !(occupancy >= 1)) {
      count(404);
      return json(res, 404, { error: 'unknown rate' });
    }
    const nights = Array.from({ length: los }, (_, i) => nightlyCents(hotel, new Date(Date.parse(`${checkIn}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), occupancy));
    count(200);
    // Amounts as strings: a rate API that sends floats would lose cents before we see them.
    json(res, 200, { hotel, checkIn, los, occupancy, currency: 'EUR', total: cents(nights.reduce((a, b) => a + b, 0)), nightly: nights.map(cents), available: true });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hotels,
    statusCounts,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
