/**
 * Slows the browser's dedicated workers the way Lighthouse's mobile preset slows a page's main
 * thread (4×), for the search bench: Chromium's `Emulation.setCPUThrottlingRate` reaches only the
 * main thread (a busy loop in a worker runs at full speed with it, and a worker target refuses the
 * call), and the search runs in a worker.
 *
 * Linux's CFS bandwidth control does it instead: each "DedicatedWorker" thread of the browser this
 * process launched is moved, as it starts, into a cgroup (v1 `cpu` controller) that may run 1 ms
 * in every 4 ms or so (`lengthenPeriod`). The worker then takes four times as long for its CPU
 * work, wherever that falls: on the way to a result, or while it waits for the network anyway.
 * That needs root and a v1 `cpu` hierarchy; elsewhere `start` says why it cannot, and the bench
 * falls back to an upper bound.
 */
import {existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * CFS bandwidth: `quotaUs` of CPU in every `periodUs`, starting at 1 ms (the kernel's smallest
 * quota) in every `slowdown` ms. The kernel's accounting lets a thread run a little over its quota,
 * so a 1-in-4 share slows a busy loop about 3.7×: `lengthenPeriod` stretches the period until a
 * calibration shows the full factor, up to twice the first period.
 */
const quotaUs = 1000;

/** How often new worker threads are looked for: well within a worker script's download on a throttled link. */
const pollMs = 5;

/** Chromium names each dedicated worker's thread "DedicatedWorker thread" (the kernel keeps 15 characters). */
const workerThreadName = 'DedicatedWorker';

/** The mount point of the cgroup v1 hierarchy with the `cpu` controller, if there is one. */
function cpuCgroupMount(): string | undefined {
  const mounts = readFileSync('/proc/mounts', 'utf8').split('\n');
  for (const line of mounts) {
    const [, mountPoint, type, options] = line.split(' ');
    if (type === 'cgroup' && mountPoint && options?.split(',').includes('cpu')) return mountPoint;
  }
  return undefined;
}

const numericEntries = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
};

function parentOf(pid: string): number | undefined {
  try {
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** This process's descendants (the browser it launched, its zygotes and renderers). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of numericEntries('/proc')) {
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function threadName(pid: number, tid: string): string {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export class WorkerThrottle {
  private readonly moved = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private processes: number[] = [];
  private lastProcessScan = 0;

  private constructor(
    private readonly cgroup: string,
    private readonly slowdown: number,
  ) {}

  /** Starts moving worker threads into a cgroup that slows them `slowdown` times, or says why it cannot. */
  static start(slowdown: number): WorkerThrottle | {unavailable: string} {
    if (process.platform !== 'linux') return {unavailable: 'not Linux'};
    const mount = cpuCgroupMount();
    if (!mount) return {unavailable: 'no cgroup v1 hierarchy with the cpu controller'};
    const cgroup = path.join(mount, `tessera-bench-worker-${process.pid}`);
    try {
      if (!existsSync(cgroup)) mkdirSync(cgroup);
      writeFileSync(path.join(cgroup, 'cpu.cfs_period_us'), String(slowdown * quotaUs));
      writeFileSync(path.join(cgroup, 'cpu.cfs_quota_us'), String(quotaUs));
    } catch (error) {
      return {unavailable: `cannot set up ${cgroup} (${(error as Error).message}; it needs root)`};
    }
    const throttle = new WorkerThrottle(cgroup, slowdown);
    throttle.timer = setInterval(() => throttle.moveNewWorkerThreads(), pollMs);
    return throttle;
  }

  /** The CPU share the cgroup gives now. */
  get share(): {periodUs: number; quotaUs: number} {
    const read = (file: string) => Number(readFileSync(path.join(this.cgroup, file), 'utf8'));
    return {periodUs: read('cpu.cfs_period_us'), quotaUs: read('cpu.cfs_quota_us')};
  }

  /**
   * After a calibration that measured `measuredSlowdown`: stretches the period so that the next
   * one reaches the slowdown asked for. Returns false when the period is already as long as it goes.
   */
  lengthenPeriod(measuredSlowdown: number): boolean {
    const {periodUs} = this.share;
    const maxPeriodUs = 2 * this.slowdown * quotaUs;
    const next = Math.min(maxPeriodUs, Math.ceil((periodUs * this.slowdown) / measuredSlowdown / 100) * 100);
    if (next <= periodUs) return false;
    writeFileSync(path.join(this.cgroup, 'cpu.cfs_period_us'), String(next));
    return true;
  }

  /** Worker threads slowed so far. */
  get threads(): number {
    return this.moved.size;
  }

  private moveNewWorkerThreads(): void {
    const now = Date.now();
    // Processes change rarely (a new renderer per context); threads as workers start.
    if (now - this.lastProcessScan > 200) {
      this.processes = descendants(process.pid);
      this.lastProcessScan = now;
    }
    for (const pid of this.processes) {
      for (const tid of numericEntries(`/proc/${pid}/task`)) {
        const key = `${pid}/${tid}`;
        if (this.moved.has(key) || threadName(pid, tid) !== workerThreadName) continue;
        try {
          writeFileSync(path.join(this.cgroup, 'tasks'), tid);
          this.moved.add(key);
        } catch {
          // The thread ended between the scan and the move.
        }
      }
    }
  }

  /** Stops moving threads and removes the cgroup once the browser's threads have left it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        rmdirSync(this.cgroup);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}
