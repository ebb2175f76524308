#!/usr/bin/env node
/**
 * Builds what `npm start` runs: the web client (Vite) and the server compiled to JavaScript (esbuild,
 * with @feikong/contracts, which is TypeScript source, bundled in; npm packages stay external).
 * Each part is rebuilt only when its sources changed since its last build: a hash of the sources is
 * kept in a stamp file inside its dist. `--force` rebuilds both.
 *
 *   node scripts/build.mjs [--force] [web] [server]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const SKIP_DIRS = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report', '.vite']);

/** Every source a part is built from, plus the lock file and this script. */
const parts = {
  web: {
    dist: 'apps/web/dist',
    sources: ['apps/web', 'packages/contracts', 'package-lock.json', 'scripts/build.mjs'],
    build: () =>
      execFileSync('npm', ['run', '-s', 'build', '-w', '@feikong/web'], { cwd: root, stdio: 'inherit' }),
  },
  server: {
    dist: 'apps/server/dist',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/contracts',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    build: buildServer,
  },
};

function files(rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((e) => !(e.isDirectory() && SKIP_DIRS.has(e.name)))
    .flatMap((e) => files(path.posix.join(rel, e.name)));
}

function sourceHash(part) {
  const hash = createHash('sha256');
  for (const file of part.sources.flatMap(files).sort()) {
    // Tests do not change the build.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((d) => d !== '@feikong/contracts');
  const dist = path.join(root, 'apps/server/dist');
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      ops: 'apps/server/src/ops.ts',
      // Thread entries, started with new Worker() by platform/workers/startThread.ts next to the code that
      // starts them (recognition/recognitionThreads.ts, files/pdfThread.ts).
      'recognition.thread': 'apps/server/src/modules/invoice/recognition/recognition.thread.ts',
      'pdf.thread': 'apps/server/src/modules/files/pdf.thread.ts',
    },
    outdir: dist,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Our own code and the contracts are bundled; npm packages load from node_modules as before.
    external: [...external, ...external.map((d) => `${d}/*`)],
    logLevel: 'warning',
  });
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const name of wanted.length > 0 ? wanted : Object.keys(parts)) {
  const part = parts[name];
  if (!part) {
    console.error(`未知的构建目标：${name}（可选：${Object.keys(parts).join(', ')}）`);
    process.exit(2);
  }
  const stampFile = path.join(root, part.dist, STAMP);
  const hash = sourceHash(part);
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && previous === hash) {
    console.log(`${name}: 源码未变，沿用上次构建`);
    continue;
  }
  const started = Date.now();
  await part.build();
  fs.writeFileSync(stampFile, `${hash}\n`);
  console.log(`${name}: 已构建（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
}
