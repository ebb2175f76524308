import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PlatformCode } from '@feikong/contracts';
import { sendError } from './http.js';

/** Vite names everything under assets/ by content hash: it never changes at that address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files addressed by name that must exist: a miss is a 404, never the index page. */
const FILE_PREFIXES = ['/assets/', '/micro/'];

/** Whether a built web client is there to serve. */
export function hasWebClient(webDist: string): boolean {
  return webDist !== '' && fs.existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built client: the .br / .gz copies made at build time when the browser accepts them
 * (Content-Encoding, Vary: Accept-Encoding), hashed assets cached for a year, everything else
 * (HTML, the micro entry at its fixed address) revalidated on every use.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are reached through their original's address only.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, file) => {
      const rel = path.relative(webDist, file).split(path.sep).join('/');
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });
}

/** The login screen rendered at build time (apps/web/prerender.mjs), sent for /login when it is there. */
const LOGIN_PAGE = 'login.html';

/**
 * History-API fallback for GET and HEAD outside the API: each app answers its own deep links
 * (/web-form/…, /web-form-print/…, else the main app; /login gets the pre-rendered login page);
 * a missing file under assets/ or micro/ is a 404.
 */
export function webFallback(webDist: string) {
  const hasLoginPage = fs.existsSync(path.join(webDist, LOGIN_PAGE));
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    if (FILE_PREFIXES.some((p) => url.startsWith(p))) {
      return sendError(reply, 404, PlatformCode.notFound, `文件不存在：${url}`);
    }
    const entry = url.startsWith('/web-form-print')
      ? 'web-form-print/index.html'
      : url.startsWith('/web-form')
        ? 'web-form/index.html'
        : url === '/login' && hasLoginPage
          ? LOGIN_PAGE
          : 'index.html';
    return reply.sendFile(entry);
  };
}

/** sha256 sources of every inline <script> in the built HTML files, for script-src. */
export function inlineScriptHashes(webDist: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const html = fs.readFileSync(full, 'utf8');
        for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          if (/\bsrc\s*=/i.test(m[1]) || m[2] === '') continue;
          hashes.add(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
        }
      }
    }
  };
  if (webDist !== '' && fs.existsSync(webDist)) walk(webDist);
  return [...hashes].sort();
}

/**
 * The pages' Content-Security-Policy. Scripts: our own files and hashed inline scripts only.
 * Styles allow 'unsafe-inline': antd's CSS-in-JS writes <style> tags at run time, and a nonce would
 * need a per-response HTML rewrite plus the same nonce handed to antd; inline styles cannot run code.
 * Images may come from https (banner images are addresses the tenant configures).
 * frame-ancestors: only this origin and the configured micro-frontend containers may frame the app.
 */
export function contentSecurityPolicy(scriptHashes: string[], containerOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${containerOrigins.map((o) => ` ${o}`).join('')}`,
  ].join('; ');
}
