// Small HTML helpers shared by the demo shops: escaping and deterministic filler (prose, reviews, link lists).
import type { CatalogSpec } from './catalog-specs';
import { Prng } from './prng';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function sentence(prng: Prng, words: readonly string[]): string {
  const picked = Array.from({ length: prng.int(8, 18) }, () => prng.pick(words));
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function paragraph(prng: Prng, words: readonly string[], sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(prng, words)).join(' ');
}

export interface FillerReview {
  author: string;
  stars: number;
  /** ISO date (yyyy-mm-dd). */
  date: string;
  title: string;
  body: string;
}

/** Reviews are what make real product pages heavy; the count varies so page sizes vary too. */
export function fillerReviews(prng: Prng, spec: CatalogSpec, count: number): FillerReview[] {
  return Array.from({ length: count }, () => ({
    author: prng.pick(spec.reviewers),
    stars: prng.int(1, 5),
    date: `2026-${String(prng.int(1, 10)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`,
    title: sentence(prng, spec.prose).slice(0, 48),
    body: paragraph(prng, spec.prose, prng.int(2, 5)),
  }));
}

/** Per-product filler generator, independent of the catalog's own draws. */
export function fillerPrng(seed: number, productIndex: number): Prng {
  return new Prng(seed ^ 0x5bd1e995, productIndex + 100_003);
}

/** Inline CSS like a theme ships it: bulk that a parser must skip, and nothing a spider should read. */
export function themeCss(prefix: string): string {
  const rules = ['header', 'nav', 'main', 'footer', 'card', 'price', 'badge', 'rating', 'review', 'grid', 'button', 'crumbs'];
  return rules
    .map((rule, i) => `.${prefix}-${rule}{display:${i % 2 ? 'flex' : 'block'};margin:0 ${i}px;padding:${i + 2}px;color:#${(0x223344 + i * 0x0a0b0c).toString(16).slice(0, 6)};font:400 14px/1.4 system-ui,sans-serif}`)
    .join('\n');
}
