#!/usr/bin/env node
/**
 * After `vite build`: renders the login screen at build time into dist/login.html (issue 11 part 4), so
 * the first paint of /login needs no JavaScript. The page's markup goes into a cover above #root and
 * antd's styles for it into a <style>; the real app renders into #root underneath and removes the cover
 * in the same commit (src/platform/prerender.ts), so the screen neither flashes nor moves. The styles stay:
 * they carry antd's cache marker, so the app does not compute them again. The cover is inert (and
 * aria-disabled for test drivers): nothing typed into a copy about to be replaced can be lost.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
/** The cover sits where #root's page will be, above whatever the app shows while it starts. */
const coverCss = '#fk-prerender{position:fixed;inset:0;z-index:2000;overflow:auto;background:#fff}';
// Inside the workspace, so the bundle's bare imports (react-dom, antd …) resolve from node_modules.
const out = path.join(here, '.vite/prerender');

try {
  execFileSync(
    process.execPath,
    [
      resolveVite(),
      'build',
      '--ssr',
      'src/features/login/prerender.tsx',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: here, stdio: 'inherit' },
  );
  const entry = fs.readdirSync(out).find((f) => /^prerender\.m?js$/.test(f));
  if (!entry) throw new Error('预渲染构建没有产出 prerender.js');
  // antd and React in their production builds, as in the browser (antd's class names differ in development).
  process.env.NODE_ENV = 'production';
  const { renderLoginScreen } = await import(pathToFileURL(path.join(out, entry)).href);
  const { html, css } = renderLoginScreen();

  // The login page's own stylesheets (authLayout.css …) so the first paint has them too.
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const cssFiles = new Set();
  const walk = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const c of manifest[key].css ?? []) cssFiles.add(c);
    for (const i of manifest[key].imports ?? []) walk(i, seen);
  };
  walk('src/features/login/pages/LoginPage.tsx');

  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const links = [...cssFiles]
    .filter((f) => !index.includes(`/${f}"`))
    .map((f) => `  <link rel="stylesheet" crossorigin href="/${f}">\n  `)
    .join('');
  const cover =
    '<div id="fk-prerender" inert aria-hidden="true" aria-disabled="true">' + html + '</div>\n    ';
  if (!index.includes('</head>') || !index.includes('<div id="root"></div>')) {
    throw new Error('index.html 的结构与预期不符，无法写入预渲染的登录页');
  }
  const page = index
    .replace('</head>', `${links}  <style id="fk-prerender-style">${coverCss}${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `${cover}<div id="root"></div>`);
  fs.writeFileSync(path.join(dist, 'login.html'), page);
  fs.writeFileSync(path.join(dist, 'login.html.gz'), zlib.gzipSync(page, { level: 9 }));
  fs.writeFileSync(
    path.join(dist, 'login.html.br'),
    zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  console.log(`login.html: 预渲染完成（${(Buffer.byteLength(page) / 1024).toFixed(0)} KB）`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}

function resolveVite() {
  // The workspace's vite, wherever npm hoisted it.
  for (let dir = here; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules/vite/bin/vite.js');
    if (fs.existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) throw new Error('找不到 vite');
  }
}
