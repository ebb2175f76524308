export * from './types.js';
export { DownloadSigner, DOWNLOAD_PATH } from './signing.js';
export { LocalFileStorage, UPLOAD_PATH } from './local.js';
export { S3FileStorage } from './s3.js';
export * from './postPolicy.js';
export * from './sniff.js';
