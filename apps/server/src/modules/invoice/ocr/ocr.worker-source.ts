/**
 * The OCR worker's code, in the worker-thread protocol, run in a child process by
 * platform/workers/startProcess.ts (which supplies `parentPort` and `workerData`).
 *
 * It is a string so that it runs the same under tsx, vitest and the esbuild bundle (a separate worker
 * file would need its own build entry and a TypeScript loader in the thread). It loads the PaddleOCR
 * PP-OCRv4 models once (`@gutenye/ocr-node` on onnxruntime-node), then handles one image at a time:
 *
 *   in:  { id, input: { bytes: Uint8Array } }
 *   out: { type: 'ready' } once the models are loaded, { type: 'fatal', message } if they cannot be,
 *        { id, result: { width, height, lines: [{ text, confidence, quad }] } } or
 *        { id, error: 'bad_image' | message } (the protocol of platform/workers/threadQueue.ts).
 *
 * The detection and recognition models are used directly (`Detection.run`, then the recognition model
 * on each detected box) rather than through `Ocr.detect`, which glues every box whose midline is at the
 * same height into one line — across the whole photo, so two invoices side by side would come back as
 * shared lines. The model calls are the same ones `Ocr.detect` makes, one per box.
 *
 * Before the models see an image it is turned upright (EXIF orientation), flattened on white (a
 * transparent PNG would otherwise read as black) and, if a side exceeds `maxSide`, scaled down; boxes
 * are scaled back, so the caller always gets pixels of the upright original.
 */
export const OCR_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');

async function load() {
  await import(workerData.ocrNodeUrl); // registers the Node backend (sharp, onnxruntime-node)
  const models = await import(workerData.modelsUrl);
  const sharp = (await import(workerData.sharpUrl)).default;
  const onnxOptions = workerData.onnxOptions || {};
  const detection = await models.Detection.create({ onnxOptions });
  const recognition = await models.Recognition.create({ onnxOptions });
  return { sharp, detection, recognition };
}

async function prepare(sharp, bytes) {
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: workerData.maxPixels }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height || !['jpeg', 'png', 'webp', 'tiff', 'gif', 'bmp'].includes(meta.format)) return null;
  const turned = (meta.orientation || 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const scale = Math.min(1, workerData.maxSide / Math.max(width, height));
  const needs = (meta.orientation || 1) > 1 || meta.hasAlpha || scale < 1 || meta.format !== 'jpeg' && meta.format !== 'png';
  if (!needs) return { input: bytes, width, height, scale };
  let image = sharp(bytes, { limitInputPixels: workerData.maxPixels }).rotate();
  if (meta.hasAlpha) image = image.flatten({ background: '#ffffff' });
  if (scale < 1) image = image.resize({ width: Math.round(width * scale), height: Math.round(height * scale), fit: 'fill' });
  const input = await image.png({ compressionLevel: 0 }).toBuffer();
  return { input, width, height, scale };
}

load().then(
  (engine) => {
    parentPort.postMessage({ type: 'ready' });
    parentPort.on('message', async (msg) => {
      try {
        const input = msg.input.bytes;
        const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
        const prepared = await prepare(engine.sharp, bytes);
        if (!prepared) {
          parentPort.postMessage({ id: msg.id, error: 'bad_image' });
          return;
        }
        const lineImages = await engine.detection.run(prepared.input);
        // As Recognition.run does: every box scaled to 48 px high at once, then the model box by box;
        // but each box keeps its own text instead of being glued to its neighbours at the same height.
        const inputs = await Promise.all(
          lineImages.map(async (lineImage) => engine.recognition.imageToInput(await lineImage.image.resize({ height: 48 }), {})),
        );
        const lines = [];
        for (let i = 0; i < inputs.length; i += 1) {
          const output = await engine.recognition.runModel({ modelData: inputs[i] });
          const line = engine.recognition.decodeText(output)[0];
          if (!line || !line.text || line.mean < 0.5) continue; // the library's own cut-off
          lines.push({
            text: line.text,
            confidence: line.mean,
            quad: lineImages[i].box.map((p) => [p[0] / prepared.scale, p[1] / prepared.scale]),
          });
        }
        parentPort.postMessage({ id: msg.id, result: { width: prepared.width, height: prepared.height, lines } });
      } catch (error) {
        parentPort.postMessage({ id: msg.id, error: String((error && error.message) || error) });
      }
    });
  },
  (error) => {
    parentPort.postMessage({ type: 'fatal', message: String((error && error.stack) || error) });
  },
);
`;
