// One measurement of scripts/bench-photos.mjs, in a fresh process: `single` or `concurrent N`.
// Prints one JSON line: the time per photo and the peak resident memory above the start.
import sharp from 'sharp';
import { processPhoto } from '../src/server/services/photo-processing.ts';

const [mode = 'single', countText = '10'] = process.argv.slice(2);

/** A 12-megapixel camera-like JPEG (4000x3000, a gradient with fine noise so it compresses like a photo). */
async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) & 31;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + noise;
      pixels[i + 1] = (y * 255) / height + noise;
      pixels[i + 2] = 128 + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const jpeg = await cameraJpeg();
// Warm up the libraries once (not counted), then let memory settle.
await processPhoto(await sharp(jpeg).resize(400).jpeg().toBuffer());
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 2);

const count = mode === 'single' ? 1 : Number(countText);
const started = performance.now();
const results = await Promise.all(Array.from({ length: count }, () => processPhoto(jpeg)));
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

console.info(
  JSON.stringify({
    mode,
    count,
    inputBytes: jpeg.length,
    displayBytes: results[0]?.display.bytes.length,
    msTotal: Math.round(elapsed),
    msPerPhoto: Math.round(elapsed / count),
    baselineMb: Math.round(baseline / 1048576),
    peakMb: Math.round(peak / 1048576),
    extraMb: Math.round((peak - baseline) / 1048576),
  }),
);
