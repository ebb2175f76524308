import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { QueueWorker } from './threadQueue.js';

/**
 * Runs a worker source (written for a worker thread: it uses `parentPort` and `workerData`) in a child
 * process instead. For native code that a thread cannot stop safely: terminating a thread in the middle of
 * an onnxruntime call can abort the whole server (a `Napi::Error` thrown while the thread is torn down),
 * while killing a child process only ends that child. Messages go over the IPC channel with the structured
 * clone ('advanced' serialization), so Uint8Arrays arrive as Uint8Arrays (copied, not transferred).
 */
const PRELUDE = String.raw`
const workerData = JSON.parse(process.env.FEIKONG_WORKER_DATA || '{}');
const parentPort = {
  postMessage: (message) => { if (process.connected) process.send(message); },
  on: (event, listener) => process.on(event, listener),
};
process.on('disconnect', () => process.exit(0));
`;

/** The thread protocol's `require('node:worker_threads')` line is replaced by the prelude above. */
const THREAD_IMPORT = "const { parentPort, workerData } = require('node:worker_threads');";

export interface ProcessOptions {
  /** V8 heap of the child (its native memory is bounded by the caps checked before a job is sent). */
  maxOldSpaceMb: number;
}

class ProcessWorker extends EventEmitter implements QueueWorker {
  readonly #child: ChildProcess;
  #exited: Promise<number>;

  constructor(child: ChildProcess) {
    super();
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
    child.on('message', (message) => this.emit('message', message));
    child.on('error', (error) => this.emit('error', error));
    child.on('exit', (code) => this.emit('exit', code ?? 1));
  }

  postMessage(message: unknown): void {
    if (this.#child.connected) this.#child.send(message as object);
  }

  ref(): void {
    this.#child.ref();
    this.#child.channel?.ref();
  }

  unref(): void {
    this.#child.unref();
    this.#child.channel?.unref();
  }

  terminate(): Promise<number> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
    return this.#exited;
  }
}

export function startProcess(source: string, workerData: unknown, options: ProcessOptions): QueueWorker {
  if (!source.includes(THREAD_IMPORT)) throw new Error('worker source does not use the thread protocol');
  const code = PRELUDE + source.replace(THREAD_IMPORT, '');
  const child = spawn(process.execPath, [`--max-old-space-size=${options.maxOldSpaceMb}`, '-e', code], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    env: { ...process.env, FEIKONG_WORKER_DATA: JSON.stringify(workerData) },
  });
  return new ProcessWorker(child);
}
