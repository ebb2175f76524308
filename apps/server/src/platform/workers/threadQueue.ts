import type { Transferable } from 'node:worker_threads';

/**
 * One long-lived worker thread with a bounded queue, for CPU-heavy work that must never run on the
 * request thread (OCR, PDF/OFD parsing, QR decoding). The thread is started by the first job and posts
 * `{ type: 'ready' }` once it has loaded what it needs (or `{ type: 'fatal', message }`); then it answers
 * each `{ id, input }` with `{ id, result }` or `{ id, error }`, one job at a time.
 *
 * A job over its timeout terminates the thread (native code cannot be interrupted) and the next job starts
 * a new one; a thread that dies fails only the job it was on; a thread that cannot load fails every waiting
 * job and the next job tries again. An idle thread does not keep the process alive.
 */
/** What the queue needs of its worker: a `worker_threads` Worker, or a child process (startProcess.ts). */
export interface QueueWorker {
  postMessage(message: unknown, transfer?: readonly Transferable[]): void;
  on(event: 'message', listener: (message: any) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  ref(): void;
  unref(): void;
  terminate(): Promise<number>;
}

export interface ThreadQueueOptions<E extends Error> {
  /** Creates the thread (called on the first job and after a timeout or a crash). */
  start: () => QueueWorker;
  /** Jobs waiting or running at most; one more is refused with `errors.busy()`. */
  maxQueue: number;
  /** Per job, from the moment the thread starts on it. */
  timeoutMs: number;
  /** Loading (first job after a start), on top of the job's own timeout. */
  loadTimeoutMs: number;
  errors: {
    busy: () => E;
    failed: () => E;
    timeout: (seconds: number) => E;
    /** What the thread's `{ id, error }` means for the caller. */
    fromThread: (error: unknown) => Error;
  };
}

interface Job<In, Out> {
  input: In;
  transfer: Transferable[];
  timeoutMs: number;
  resolve: (out: Out) => void;
  reject: (error: Error) => void;
}

type ThreadMessage<Out> =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { id: number; error: unknown }
  | { id: number; result: Out };

export class ThreadQueue<In, Out, E extends Error = Error> {
  readonly #options: ThreadQueueOptions<E>;
  #worker: QueueWorker | null = null;
  #ready = false;
  #queue: Job<In, Out>[] = [];
  #current: (Job<In, Out> & { id: number }) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #nextId = 1;
  /** Threads started so far (a restart after a timeout or a crash counts). */
  starts = 0;

  constructor(options: ThreadQueueOptions<E>) {
    this.#options = options;
  }

  /** Runs one job; `transfer` lists buffers handed to the thread (the caller must not use them after). */
  run(input: In, options: { transfer?: Transferable[]; timeoutMs?: number } = {}): Promise<Out> {
    if (this.pending >= this.#options.maxQueue) return Promise.reject(this.#options.errors.busy());
    return new Promise<Out>((resolve, reject) => {
      this.#queue.push({
        input,
        transfer: options.transfer ?? [],
        timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
        resolve,
        reject,
      });
      this.#pump();
    });
  }

  /** Stops the thread; queued jobs fail. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#failAll(this.#options.errors.failed());
    this.#stopWorker();
    if (worker) await worker.terminate();
  }

  get pending(): number {
    return this.#queue.length + (this.#current ? 1 : 0);
  }

  #pump() {
    if (this.#current || this.#queue.length === 0) return;
    if (!this.#worker) {
      this.#start();
      return;
    }
    if (!this.#ready) return;
    const job = this.#queue.shift()!;
    const id = this.#nextId++;
    this.#current = { ...job, id };
    this.#worker.ref();
    this.#arm(job.timeoutMs);
    this.#worker.postMessage({ id, input: job.input }, job.transfer);
  }

  #start() {
    this.starts += 1;
    const worker = this.#options.start();
    this.#worker = worker;
    this.#ready = false;
    this.#arm(this.#options.loadTimeoutMs + this.#options.timeoutMs);
    worker.on('message', (message: ThreadMessage<Out>) => this.#onMessage(worker, message));
    worker.on('error', () => this.#onDeath(worker));
    worker.on('exit', () => this.#onDeath(worker));
  }

  #onMessage(worker: QueueWorker, message: ThreadMessage<Out>) {
    if (worker !== this.#worker) return;
    if ('type' in message) {
      if (message.type === 'ready') {
        this.#ready = true;
        this.#disarm();
        this.#pump();
        if (!this.#current) worker.unref();
      } else {
        // It cannot load: every waiting job fails, the next one tries again.
        this.#stopWorker();
        void worker.terminate();
        this.#failAll(this.#options.errors.failed());
      }
      return;
    }
    const job = this.#current;
    if (!job || job.id !== message.id) return;
    this.#current = null;
    this.#disarm();
    if ('error' in message) job.reject(this.#options.errors.fromThread(message.error));
    else job.resolve(message.result);
    this.#pump();
    if (!this.#current) worker.unref();
  }

  #onDeath(worker: QueueWorker) {
    if (worker !== this.#worker) return;
    this.#stopWorker();
    this.#current?.reject(this.#options.errors.failed());
    this.#current = null;
    this.#pump();
  }

  #onTimeout() {
    const worker = this.#worker;
    this.#stopWorker();
    if (worker) void worker.terminate();
    const job = this.#current ?? this.#queue.shift(); // no current job: the thread did not load in time
    this.#current = null;
    const ms = job?.timeoutMs ?? this.#options.timeoutMs;
    job?.reject(this.#options.errors.timeout(Math.max(1, Math.round(ms / 1000))));
    this.#pump();
  }

  #stopWorker() {
    this.#disarm();
    this.#worker = null;
    this.#ready = false;
  }

  #failAll(error: E) {
    this.#current?.reject(error);
    this.#current = null;
    for (const job of this.#queue.splice(0)) job.reject(error);
  }

  #arm(ms: number) {
    this.#disarm();
    this.#timer = setTimeout(() => this.#onTimeout(), ms);
    this.#timer.unref();
  }

  #disarm() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
