import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** Every API family the server answers (DESIGN.md table) plus health and OpenAPI docs. */
export const API_PREFIXES = [
  '/auth-center',
  '/org-arch-center',
  '/right-recharge',
  '/app-ctrl',
  '/notify-center',
  '/task-center',
  '/finobase',
  '/pub-svc-center',
  '/finopublic',
  // Only the API: /invoice/personList and the other 发票管理 pages are the client's own routes.
  '/invoice/api',
  '/finobill',
  '/finodata',
  '/consume-quota-center',
  '/lcb-purchase-center',
  '/org-settle-center',
  '/integration-center',
  '/platform',
  '/healthz',
  '/docs',
];

/** The two sub-applications served from the same origin (spec §2.3). */
const SUB_APPS = ['/web-form/', '/web-form-print/'];

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Dev only: deep links inside a sub-app (/web-form/run/42) must get that sub-app's HTML,
 * not the main app's (Vite's SPA fallback only knows the root index.html).
 * The production server needs the same rule for the built files.
 */
function subAppFallback(): Plugin {
  const rewrite = (req: { url?: string; headers: { accept?: string } }) => {
    const url = req.url ?? '';
    const path = url.split('?')[0];
    const app = SUB_APPS.find((p) => url.startsWith(p));
    if (app && (req.headers.accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(path)) {
      req.url = `${app}index.html${url.slice(path.length)}`;
    }
  };
  return {
    name: 'feikong-sub-app-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => (rewrite(req), next()));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => (rewrite(req), next()));
    },
  };
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * pdf.js' CMaps and standard fonts, which PDFs that name a font without embedding it need (Chinese
 * e-invoices often name STSong / Adobe-GB1): emitted at assets/pdfjs-<version>/ (versioned, so the
 * immutable cache of assets/ is right) and served from node_modules in dev. PdfViewer reads PDFJS_ASSETS.
 */
function pdfjsAssets(): Plugin {
  const pkgDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version as string;
  const base = `assets/pdfjs-${version}/`;
  const dirs = ['cmaps', 'standard_fonts'];
  return {
    name: 'feikong-pdfjs-assets',
    config: () => ({ define: { 'import.meta.env.PDFJS_ASSETS': JSON.stringify(base) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const m = url.startsWith(`/${base}`)
          ? /^([a-z_]+)\/([A-Za-z0-9._-]+)$/.exec(url.slice(base.length + 1))
          : null;
        const file = m && dirs.includes(m[1]!) ? path.join(pkgDir, m[1]!, m[2]!) : null;
        if (!file || !fs.existsSync(file)) return next();
        res.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      for (const dir of dirs)
        for (const name of fs.readdirSync(path.join(pkgDir, dir)))
          this.emitFile({
            type: 'asset',
            fileName: `${base}${dir}/${name}`,
            source: fs.readFileSync(path.join(pkgDir, dir, name)),
          });
    },
  };
}

/**
 * The server-side build of the login screen (`vite build --ssr`, run by prerender.mjs): its one entry,
 * for Node, nothing compressed, npm packages left external.
 */
const prerenderBuild = defineConfig({
  plugins: [react()],
  resolve: { alias: { '@/': here('./src/') } },
  build: {
    ssr: true,
    // The login page is lazy in the app; here it is imported on purpose.
    rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
  },
});

const appBuild = defineConfig({
  plugins: [
    react(),
    subAppFallback(),
    pdfjsAssets(),
    // Brotli and gzip copies beside each text asset, made once here; the server picks one by Accept-Encoding.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      include: /\.(js|mjs|css|html|svg|json)$/,
    }),
  ],
  // `@/` is apps/web/src (tsconfig paths say the same; vitest's web project too).
  resolve: { alias: { '@/': here('./src/') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    // prerender.mjs reads it to find the login page's stylesheets.
    manifest: true,
    // antd's core alone is ~530 kB minified; screens are already split per route.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Three real HTML entries (the main app and the two sub-apps) and the micro-frontend entry, whose
      // lifecycle exports (bootstrap / mount / unmount) must survive, at a fixed address for containers.
      input: {
        main: here('./index.html'),
        subForm: here('./web-form/index.html'),
        subFormPrint: here('./web-form-print/index.html'),
        micro: here('./src/microApp.tsx'),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'micro' ? 'micro/index.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : appBuild));
