// Describes a running bench site for the scenario results.
import type { RunningSite } from '../site/site-client';
import type { ScenarioResult } from './scenario-result';

export function siteInfo(site: RunningSite): ScenarioResult['site'] {
  const hosts = site.manifest.hosts;
  const withProducts = hosts.filter((h) => h.productBytes.max > 0);
  const weight = withProducts.reduce((s, h) => s + h.pages, 0) || 1;
  return {
    hosts: hosts.length,
    pages: site.totalPages,
    pagesPerHost: hosts.map((h) => h.pages),
    productBytes: {
      min: Math.min(...withProducts.map((h) => h.productBytes.min)),
      max: Math.max(...withProducts.map((h) => h.productBytes.max)),
      mean: Math.round(withProducts.reduce((s, h) => s + h.productBytes.mean * h.pages, 0) / weight),
    },
  };
}
