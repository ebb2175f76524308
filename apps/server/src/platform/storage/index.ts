export * from './types.js';
export { DownloadSigner, DOWNLOAD_PATH } from './signing.js';
export { LocalFileStorage } from './local.js';
