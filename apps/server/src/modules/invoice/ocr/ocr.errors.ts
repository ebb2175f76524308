import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of invoice OCR (1209xxxx; the last three digits follow the HTTP meaning, except that a
 * timeout answers HTTP 503 like a dead worker: both are restarted, try again later). The engine runs
 * in a worker thread: a full queue, a slow image or a dead worker fail that one request, never the
 * server.
 */
export const OcrCode = {
  badImage: 12090400,
  failed: 12090500,
  busy: 12090503,
  timeout: 12090504,
} as const;
export type OcrCode = (typeof OcrCode)[keyof typeof OcrCode];

export class OcrError extends AppError {
  constructor(code: OcrCode, msg: string, httpStatus: number) {
    super(code, msg, httpStatus);
    this.name = 'OcrError';
  }
}

export const ocrErrors = {
  badImage: () => new OcrError(OcrCode.badImage, '图片无法识别：文件不是有效的 JPG/PNG 图片', 400),
  busy: () => new OcrError(OcrCode.busy, '识别排队已满，请稍后再试', 503),
  timeout: (seconds: number) =>
    new OcrError(OcrCode.timeout, `图片识别超时（超过 ${seconds} 秒），请上传更清晰或更小的图片`, 503),
  // the worker died (out of its heap limit, or onnxruntime crashed): restarted for the next image
  failed: () => new OcrError(OcrCode.failed, '识别服务暂时不可用，请稍后再试', 503),
  /** Refused before decoding: the picture passes FILE_LIMITS.imagePixels (decision 0032). */
  tooManyPixels: (msg: string) => new OcrError(OcrCode.badImage, msg, 400),
};
