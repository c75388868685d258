// The package's demo spiders by name, found as the CLI finds them (the project's spider registry), not imported by path.
import type { SpiderClass } from '../../src/core/spider';
import { packageProject } from '../../src/app/project/find-project';
import { loadSpiderRegistry, type SpiderRegistry } from '../../src/app/project/spider-registry';

let registry: Promise<SpiderRegistry> | null = null;

/** The package project's registry, loaded once per test file. */
export function demoSpiders(): Promise<SpiderRegistry> {
  return (registry ??= loadSpiderRegistry(packageProject()));
}

export async function demoSpider(name: string): Promise<SpiderClass> {
  return (await demoSpiders()).find(name);
}
