// The bench runs pricecrawl with the node flags of its launcher's shebang line: parsed from the real file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launcherNodeFlags } from '../../bench/harness/launcher-node-flags';
import { tempDir } from '../pipeline/pipeline-fixtures';

describe('launcherNodeFlags', () => {
  it('reads the heap limit users get from bin/pricecrawl.js', () => {
    expect(launcherNodeFlags()).toEqual(['--max-old-space-size=1024']);
  });

  it('finds no flags on a plain node shebang', () => {
    const tmp = tempDir('launcher');
    try {
      const plain = join(tmp.dir, 'plain.js');
      writeFileSync(plain, '#!/usr/bin/env node\nconsole.log(1);\n');
      expect(launcherNodeFlags(plain)).toEqual([]);
    } finally {
      tmp.cleanup();
    }
  });
});
