/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the build put pdf.js' CMaps and standard fonts (vite.config.ts pdfjsAssets), e.g. assets/pdfjs-5.6.205/. */
  readonly PDFJS_ASSETS?: string;
  /** Base address of the API gateway; '' = same origin (the server serves the client). */
  readonly VITE_API_BASE?: string;
  /** dev | test | pre | prod — sent as the X-Env header. */
  readonly VITE_APP_ENV?: string;
  /** Dev mode only: user the server should impersonate (X-Fake-User). */
  readonly VITE_FAKE_USER?: string;
  /** Address of the help manual linked from the header; unset = no link. */
  readonly VITE_HELP_MANUAL_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
