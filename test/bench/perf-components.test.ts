// perf-components: a perf sample's stack goes to the innermost frame that names a component.
import { describe, expect, it } from 'vitest';
import { componentOfStack } from '../../bench/perf-components';

describe('componentOfStack', () => {
  it('charges builtins and ICs to the JS function that called them', () => {
    const stack = ['Builtins_LoadIC (/usr/bin/node)', '7f01 JS:*parse file:///x/node_modules/htmlparser2/dist/esm/Tokenizer.js:627:10 (/tmp/perf-1.map)'];
    expect(componentOfStack(stack)).toBe('nm:htmlparser2');
  });

  it('names our own folders, scoped packages and node builtins', () => {
    expect(componentOfStack(['JS:*runTask file:///w/src/engine/crawl-engine.ts:1:1 (/tmp/perf-1.map)'])).toBe('src/engine');
    expect(componentOfStack(['JS:*put file:///w/storage/sqlite/sqlite-blob-store.ts:4:1 (/tmp/perf-1.map)'])).toBe('storage/sqlite');
    expect(componentOfStack(['JS:~x file:///w/node_modules/@crawlee/core/autoscaling/a.js:1:1 (/tmp/perf-1.map)'])).toBe('nm:@crawlee/core');
    expect(componentOfStack(['JS:*emit node:events:471:28 (/tmp/perf-1.map)'])).toBe('node:events');
  });

  it('puts GC, compiler and zlib work on their own lines, whichever thread ran it', () => {
    expect(componentOfStack(['v8::internal::Scavenger::ScavengeObject<v8::internal::FullHeapObjectSlot> (/usr/bin/node)', 'start_thread'])).toBe('V8 garbage collector');
    expect(componentOfStack(['v8::internal::compiler::GraphReducer::ReduceTop() (/usr/bin/node)'])).toBe('V8 optimizing compiler (TurboFan)');
    expect(componentOfStack(['deflate_fast (/usr/bin/node)', 'uv__worker'])).toBe('zlib (raw capture gzip)');
  });

  it('leaves a kernel-only stack to the kernel', () => {
    expect(componentOfStack(['finish_task_switch.isra.0 ([kernel.kallsyms])'])).toBe('kernel');
  });
});
