// A pool of long-lived document-reading worker threads. Loading pdf.js (and the text recogniser) costs more than
// reading a small document, so threads are kept and jobs sent to them by message: at most `size` threads, one job per
// thread at a time, the rest queued in order. A job over its time limit, or a thread that runs out of heap or dies,
// fails that job only: the thread is terminated and a fresh one is spawned for the next job. A thread is also retired
// after `maxJobsPerWorker` jobs or when its heap stays large after a job, so a leak in a reading library cannot
// accumulate. Idle threads do not keep the process alive, and stop after `idleMs` without a job (PA_WORKER_IDLE_MS,
// default a minute): a thread holds pdf.js and often the text recogniser (tens of MB each), which a quiet server
// should give back; the next document starts a thread again (a few hundred ms).
import { Worker } from "node:worker_threads";

/** PA_WORKER_IDLE_MS: how long an idle reading thread is kept (default 60 s). */
export function workerIdleMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PA_WORKER_IDLE_MS);
  return Number.isFinite(value) && value > 0 ? value : 60_000;
}

/** What the reading thread answers (worker/read-document.worker.mjs). */
type WorkerMessage =
  | { type: "progress"; id: number; done: number; total: number; phase: string }
  | { type: "result"; id: number; content: unknown; heapUsed?: number }
  | { type: "error"; id: number; name: string; message: string; limit?: string | null; heapUsed?: number };

export type PoolJobEvents<T> = {
  onProgress?: (message: { done: number; total: number; phase: string }) => void;
  /** Maps the thread's error message to the error the job rejects with. */
  onError: (message: { name: string; message: string; limit?: string | null }) => Error;
  /** Maps a thread that died (out of memory, crashed, exited) to the job's error. */
  onDeath: (death: { outOfMemory: boolean; message: string; exitCode?: number }) => Error;
  onResult: (content: unknown) => T;
};

export type PoolJob<T> = {
  /** Posted to the thread with an id: `{type: "read", id, ...payload}`. */
  payload: Record<string, unknown>;
  /** Heap of the thread (resourceLimits): a job needing another heap gets a thread of its own kind. */
  heapMb: number;
  /** Timers of the job: `arm(fail)` is called when the job starts; it returns a function called on each progress. */
  timers: (fail: (error: Error) => void) => { onProgress: (done: number) => void; clear: () => void };
  events: PoolJobEvents<T>;
};

export type ReadingPoolOptions = {
  script: string;
  size: number;
  /** Jobs a thread reads before it is retired (default 100). */
  maxJobsPerWorker?: number;
  /** Share of its heap limit a thread may still use after a job before it is retired (default 0.5). */
  maxHeapShare?: number;
  /** An idle thread is stopped after this long without a job (default workerIdleMs(), PA_WORKER_IDLE_MS). */
  idleMs?: number;
};

export type ReadingPoolStats = {
  /** Threads started since the pool was made. */
  spawned: number;
  /** Threads retired after maxJobsPerWorker jobs or a large heap. */
  recycled: number;
  /** Threads stopped after idleMs without a job. */
  idled: number;
  /** Threads terminated or lost with a job (time limit, out of memory, crash). */
  killed: number;
  alive: number;
  busy: number;
  queued: number;
  /** The most jobs that ever ran at once. */
  peakBusy: number;
  completed: number;
  /** Heap in use of the alive threads as each reported after its last job (bytes): what the pool holds while idle. */
  heapUsed: number;
};

type Slot = { worker: Worker; heapMb: number; jobs: number; current: Running | null; dead: boolean; idleTimer?: NodeJS.Timeout; heapUsed?: number };
type Running = { id: number; job: PoolJob<unknown>; resolve: (value: unknown) => void; reject: (error: Error) => void; clear: () => void; onProgress: (done: number) => void };
type Queued = { job: PoolJob<unknown>; resolve: (value: unknown) => void; reject: (error: Error) => void };

export class ReadingPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;
  private counters = { spawned: 0, recycled: 0, idled: 0, killed: 0, peakBusy: 0, completed: 0 };
  size: number;

  constructor(private readonly options: ReadingPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
  }

  run<T>(job: PoolJob<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error("The document reader pool is closed."));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job: job as PoolJob<unknown>, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Threads at most from now on (PA_READ_WORKERS); idle threads over it are retired. */
  resize(size: number) {
    this.size = Math.max(1, Math.floor(size));
    for (const slot of this.slots) if (this.slots.size > this.size && !slot.current) this.retire(slot, "recycled");
    this.dispatch();
  }

  stats(): ReadingPoolStats {
    const busy = [...this.slots].filter((s) => s.current).length;
    const heapUsed = [...this.slots].reduce((sum, s) => sum + (s.heapUsed ?? 0), 0);
    return { ...this.counters, alive: this.slots.size, busy, queued: this.queue.length, heapUsed };
  }

  /** Terminates every thread; queued and running jobs fail. */
  async close() {
    this.closed = true;
    const error = new Error("The document reader pool was closed.");
    for (const queued of this.queue.splice(0)) queued.reject(error);
    await Promise.all([...this.slots].map((slot) => {
      slot.current?.clear();
      slot.current?.reject(error);
      slot.current = null;
      return this.retire(slot, null);
    }));
  }

  private dispatch() {
    while (this.queue.length) {
      const { job } = this.queue[0];
      let slot = [...this.slots].find((s) => !s.current && s.heapMb === job.heapMb);
      if (!slot) {
        // Room for another thread, or an idle thread of another heap size to make room.
        if (this.slots.size >= this.size) {
          const other = [...this.slots].find((s) => !s.current);
          if (!other) return;
          void this.retire(other, "recycled");
        }
        slot = this.spawn(job.heapMb);
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(heapMb: number): Slot {
    const worker = new Worker(this.options.script, {
      workerData: { pool: true },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, heapMb, jobs: 0, current: null, dead: false };
    this.counters.spawned++;
    this.slots.add(slot);
    worker.on("message", (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on("error", (error: Error & { code?: string }) => {
      this.lose(slot, { outOfMemory: error.code === "ERR_WORKER_OUT_OF_MEMORY", message: error.message });
    });
    worker.on("exit", (code) => this.lose(slot, { outOfMemory: false, message: `exit code ${code}`, exitCode: code }));
    return slot;
  }

  private start(slot: Slot, queued: Queued) {
    const id = this.nextId++;
    clearTimeout(slot.idleTimer);
    const { clear, onProgress } = queued.job.timers((error) => this.kill(slot, id, error));
    slot.current = { id, job: queued.job, resolve: queued.resolve, reject: queued.reject, clear, onProgress };
    slot.jobs++;
    slot.worker.ref();
    this.counters.peakBusy = Math.max(this.counters.peakBusy, [...this.slots].filter((s) => s.current).length);
    slot.worker.postMessage({ ...queued.job.payload, type: "read", id });
  }

  private onMessage(slot: Slot, message: WorkerMessage) {
    const running = slot.current;
    if (!running || message.id !== running.id) return; // a late message of a job already settled
    if (message.type === "progress") {
      running.onProgress(Number(message.done));
      try {
        running.job.events.onProgress?.({ done: Number(message.done), total: Number(message.total), phase: message.phase });
      } catch {
        // Progress is advisory.
      }
      return;
    }
    running.clear();
    slot.current = null;
    slot.heapUsed = message.heapUsed;
    this.counters.completed++;
    let outcome: { ok: true; value: unknown } | { ok: false; error: Error };
    try {
      outcome = message.type === "result" ? { ok: true, value: running.job.events.onResult(message.content) } : { ok: false, error: running.job.events.onError(message) };
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
    }
    const heapLimit = slot.heapMb * 1024 * 1024 * (this.options.maxHeapShare ?? 0.5);
    if (slot.jobs >= (this.options.maxJobsPerWorker ?? 100) || (message.heapUsed ?? 0) > heapLimit || this.slots.size > this.size) void this.retire(slot, "recycled");
    else {
      slot.worker.unref();
      slot.idleTimer = setTimeout(() => {
        if (!slot.current) void this.retire(slot, "idled");
      }, this.options.idleMs ?? workerIdleMs());
      slot.idleTimer.unref();
    }
    if (outcome.ok) running.resolve(outcome.value);
    else running.reject(outcome.error);
    this.dispatch();
  }

  /** The job's time limit passed: the thread is stopped (it may be stuck in a loop) and the job fails. */
  private kill(slot: Slot, id: number, error: Error) {
    const running = slot.current;
    if (!running || running.id !== id) return;
    running.clear();
    slot.current = null;
    void this.retire(slot, "killed");
    running.reject(error);
    this.dispatch();
  }

  /** The thread died by itself (heap limit, a crash, process.exit): its job fails with the reason. */
  private lose(slot: Slot, death: { outOfMemory: boolean; message: string; exitCode?: number }) {
    if (slot.dead) return;
    slot.dead = true;
    clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    const running = slot.current;
    slot.current = null;
    if (running) {
      this.counters.killed++;
      running.clear();
      running.reject(running.job.events.onDeath(death));
    }
    void slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }

  private retire(slot: Slot, reason: "recycled" | "idled" | "killed" | null): Promise<unknown> {
    if (slot.dead) return Promise.resolve();
    slot.dead = true;
    clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    if (reason) this.counters[reason]++;
    return slot.worker.terminate().catch(() => undefined);
  }
}
