import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { fastifyMultipart, type FastifyMultipartOptions } from '@fastify/multipart';

/** Disk mode's request methods: refused, since their temp-file cleanup hooks are not installed. */
const DISK_MODE = new Set(['saveRequestFiles', 'cleanRequestFiles']);
/** The hooks @fastify/multipart adds to every request of the server, for disk mode's temp files. */
const DISK_MODE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart for streamed uploads (`req.isMultipart()`, `req.parts()`), which is all the
 * upload routes use. The plugin's disk mode cleans its temp files with an async onRequest hook (a
 * close listener per request) and an async onResponse hook, paid by every request of the server:
 * those two hooks are not installed, and disk mode throws instead of leaving files behind.
 */
export const streamingMultipart: FastifyPluginCallback<FastifyMultipartOptions> = (app, opts, done) => {
  const view: FastifyInstance = new Proxy(app, {
    get(target, prop) {
      if (prop === 'addHook') {
        return (name: string, hook: never) =>
          DISK_MODE_HOOKS.has(name) ? view : target.addHook(name as never, hook);
      }
      if (prop === 'decorateRequest') {
        return (name: string, value: unknown) =>
          target.decorateRequest(name, DISK_MODE.has(name) ? diskModeRefused(name) : value);
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  fastifyMultipart(view, opts, done);
};
// Like fastify-plugin: the decorators and the content type parser belong to the app, not a child scope.
Object.assign(streamingMultipart, { [Symbol.for('skip-override')]: true });

function diskModeRefused(name: string) {
  return function refused(): never {
    throw new Error(`${name} 不可用：上传请用 req.parts() 流式读取（platform/multipart.ts）`);
  };
}
