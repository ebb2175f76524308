import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Heap limits of the threads that open untrusted files (decision 0032). A thread over them dies
 * (ERR_WORKER_OUT_OF_MEMORY) and only its job fails; the server's own heap is untouched. They bound
 * V8's heap only: the bytes of ArrayBuffers, libvips and onnxruntime are outside it, which is why the
 * files' pages, pixels and inflated sizes are capped before decoding (platform/untrusted/).
 */
export const FILE_THREAD_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 8,
};

// Running from source (tsx, vitest) the thread must register tsx's loader before it can import the
// TypeScript entry; the compiled server (scripts/build.mjs) has each entry as dist/<name>.js.
const SOURCE_LOADER = String.raw`
const { workerData } = require('node:worker_threads');
(async () => {
  (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((error) => {
  require('node:worker_threads').parentPort.postMessage({ type: 'fatal', message: String((error && error.stack) || error) });
});
`;

/**
 * Starts the thread entry `<name>.ts` (from source) or `<name>.js` (built) next to the module whose
 * `import.meta.url` is `from`. Every entry must be listed in scripts/build.mjs.
 */
export function startThread(
  from: string,
  name: string,
  resourceLimits: ResourceLimits = FILE_THREAD_LIMITS,
): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), { resourceLimits });
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return new Worker(SOURCE_LOADER, {
    eval: true,
    resourceLimits,
    workerData: {
      tsxApi: pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href,
      entry: new URL(`./${name}.ts`, from).href,
    },
  });
}
