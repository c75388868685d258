// Kills processes of the Chromiums this test process launched by what their command line says (a renderer, the network service), as a crash or the OOM killer would.
import { readFileSync } from 'node:fs';
import { processTreePids } from '../../src/browser/process-tree';
import { launchedChromiumPids } from '../../src/fetch/chromium-launch';

/** SIGKILLs every process under a launched Chromium whose command line holds `marker` (not the browser itself unless it does); answers how many. */
export function killChromiumChildren(marker: string): number {
  let killed = 0;
  for (const browserPid of launchedChromiumPids()) {
    for (const pid of processTreePids(browserPid)) {
      try {
        // A renderer forked by the zygote renames itself: its command line is one string with spaces.
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // exited meanwhile
      }
    }
  }
  return killed;
}
