// `pricecrawl schedule`: starts each spider's `--due` run on its cron, one at a time per spider across processes, and records it.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import { newRunId } from '../../core/run-id';
import { packageRoot } from '../../core/package-root';
import type { Settings } from '../../settings/schema';
import type { LockLoss, RunRecordStore, ScheduleLock } from '../../ports/run-record-store';
import { stdinOptionsText } from '../crawl/stdin-options';

const BIN = join(packageRoot(), 'bin', 'pricecrawl.js');

export interface SchedulerOptions {
  settings: Settings;
  log: Logger;
  /** Passed on to every child crawl (`--config` on its command line, the `-s` pairs on its stdin), so children load the same settings. */
  childArgs: string[];
  childSettings: string[];
  /** Each schedule.spiders key's spider name (checkScheduledSpiders): the lock, records and logs use the name, as a crawl's claim does. */
  spiderNames: ReadonlyMap<string, string>;
  /** Where runs are recorded and the per-spider lock lives (the stores' backend); closed by stop(). */
  records: RunRecordStore;
  lock: ScheduleLock;
}

/**
 * One schedule.spiders entry. `key` (a name or a path to the spider's file) is what the child is told to
 * crawl; `spider` is the spider's name, the one identity of "this spider is running": the crawl claims it
 * by that name, so a lock on a path key let a tick start beside a manual crawl, whose child was refused and
 * recorded as a failed run (exit 2) instead of a skipped tick.
 */
interface ScheduledJob {
  key: string;
  spider: string;
  args: Record<string, string>;
}

interface RunningChild {
  spider: string;
  runId: string;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<void>;
}

export class Scheduler {
  private readonly jobs: Cron[] = [];
  private readonly running = new Map<string, RunningChild>();
  /** Ticks in progress (claiming, running, recording): stop() waits for them before closing the database. */
  private readonly ticks = new Set<Promise<void>>();
  private readonly records: RunRecordStore;
  private readonly lock: ScheduleLock;
  private stopping = false;

  constructor(private readonly options: SchedulerOptions) {
    this.records = options.records;
    this.lock = options.lock;
    this.lock.onLost((loss) => this.lost(loss));
  }

  /** Starts one cron job per configured spider; an invalid expression throws here, naming the spider. */
  start(): void {
    const { spiders } = this.options.settings.schedule;
    for (const [key, entry] of Object.entries(spiders)) {
      const job: ScheduledJob = { key, spider: this.options.spiderNames.get(key) ?? key, args: entry.args };
      const cron = new Cron(entry.cron, { name: key, protect: () => this.skipped(job.spider, 'this scheduler') }, (self: Cron) => this.track(this.tick(job, self.nextRun())));
      this.jobs.push(cron);
      this.options.log.info({ spider: job.spider, key, cron: entry.cron, next: cron.nextRun()?.toISOString() }, 'spider scheduled');
    }
  }

  /**
   * SIGTERM: no new runs; running children get SIGTERM too, which makes a crawl stop taking requests and
   * finish in-flight ones within shutdown.graceMs (its run ends `interrupted`, resumable); then we return.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const job of this.jobs) job.stop();
    for (const child of this.running.values()) child.kill('SIGTERM');
    await Promise.all([...this.ticks]);
    await this.lock.close();
    await this.records.close();
  }

  private track(tick: Promise<void>): Promise<void> {
    this.ticks.add(tick);
    return tick.finally(() => this.ticks.delete(tick));
  }

  /**
   * A tick never throws: the daemon outlives a database that is busy for a moment (another scheduler, the
   * children's writes) or a run that cannot start; the failure is logged and the next tick tries again.
   */
  private async tick(job: ScheduledJob, nextTick: Date | null): Promise<void> {
    if (this.stopping) return;
    const { spider } = job;
    const runId = newRunId(Date.now());
    let claimed = false;
    try {
      const claim = await this.lock.tryLock(spider, runId, process.pid, Date.now());
      if (!claim.ok) return this.skipped(spider, `pid ${claim.holder.pid}`);
      claimed = true;
      await this.records.recordScheduled({ runId, spider, mode: 'due', atMs: Date.now() });
      await this.runChild(job, runId, nextTick);
    } catch (error) {
      this.options.log.error({ err: error, spider, runId }, 'scheduled run could not be started');
      if (claimed) await this.record(runId, () => this.records.recordChildExit(runId, { exitCode: null, atMs: Date.now(), error: String((error as Error).message ?? error) }));
    } finally {
      if (claimed) await this.record(runId, () => this.lock.unlock(spider, runId));
    }
  }

  /** A bookkeeping write that fails (the database busy past its timeout) is logged; it must not take the daemon down. */
  private async record(runId: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.options.log.error({ err: error, runId }, 'could not record a scheduled run');
    }
  }

  /**
   * The claim of a run this scheduler started was lost (its lease ran out and another scheduler took the spider,
   * or the database was away past the lease's end): another machine may start the spider now. The run's own
   * crawl holds the same claim, hears the same loss and stops itself, resumable, with `schedule/lock-lost` on
   * its record (exit 2); a SIGTERM from here would race it and put `SIGTERM` there instead. This tick then
   * ends without claiming again: the next tick asks the lock like any other.
   */
  private lost(loss: LockLoss): void {
    this.options.log.warn({ spider: loss.spider, runId: loss.runId, reason: loss.reason, detail: loss.detail }, 'schedule lock lost: the run stops, resumable');
  }

  private skipped(spider: string, holder: string): void {
    this.options.log.info({ spider, holder }, 'previous run still going: tick skipped');
  }

  /**
   * The crawl runs in its own process (a crash or leak there never takes the scheduler down); its log goes to logs/<runId>.log.
   * It plans what falls due before the next tick (`--due-until`): what it leaves waits for that tick.
   */
  private runChild(job: ScheduledJob, runId: string, nextTick: Date | null): Promise<void> {
    const { settings, log } = this.options;
    const { spider, args } = job;
    const logDir = join(settings.storage.dir, 'logs');
    mkdirSync(logDir, { recursive: true });
    const out = openSync(join(logDir, `${runId}.log`), 'a');
    const argv = [BIN, 'crawl', job.key, '--due', '--run', runId, '--storage', settings.storage.dir, ...this.options.childArgs];
    if (nextTick) argv.push('--due-until', nextTick.toISOString());
    // Over stdin, not as -a and -s pairs: `ps` shows a command line to every user of the machine, and these hold API keys, logins and passwords.
    argv.push('--options-stdin');
    const child = spawn(process.execPath, argv, { stdio: ['pipe', out, out] });
    closeSync(out);
    // A child that dies before reading them closes the pipe (EPIPE): its exit is what gets recorded.
    child.stdin?.on('error', () => {});
    child.stdin?.end(stdinOptionsText({ args, set: this.options.childSettings }));
    const transferred = child.pid === undefined ? Promise.resolve() : this.record(runId, () => this.lock.transfer(spider, runId, child.pid!));
    log.info({ spider, runId, pid: child.pid, dueUntil: nextTick?.toISOString() }, 'scheduled run started');
    const exited = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        void this.record(runId, () => this.records.recordChildExit(runId, { exitCode: null, atMs: Date.now(), error: `spawn failed: ${error.message}` })).then(resolve);
      });
      child.once('exit', (code, signal) => {
        const error = code === 0 ? null : signal ? `killed by ${signal}` : `exit code ${code} (see logs/${runId}.log)`;
        log[code === 0 ? 'info' : 'warn']({ spider, runId, exitCode: code, signal }, 'scheduled run ended');
        // After the transfer: a child that exits at once must not have its exit recorded before the lock's pid moves.
        void transferred.then(() => this.record(runId, () => this.records.recordChildExit(runId, { exitCode: code, atMs: Date.now(), error }))).then(resolve);
      });
    });
    this.running.set(runId, { spider, runId, kill: (sig) => child.kill(sig), exited });
    if (this.stopping) child.kill('SIGTERM'); // stop() came while this tick was claiming: it must not outlive the scheduler
    return exited.finally(() => this.running.delete(runId));
  }
}
