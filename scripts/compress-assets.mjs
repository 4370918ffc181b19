// Build-time compression of the built client: a Brotli (.br) and a gzip (.gz) copy next to every text
// asset, which the server picks by the request's Accept-Encoding (src/server/http/pages/web-app.ts). Done once
// at build with the slowest, smallest settings, so serving costs no CPU. Source maps are left alone
// (only developer tools fetch them) and a copy that would not be smaller is not written.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The text types we serve from the build as files. HTML is not among them: the server adds the public
 * config to each page when it starts and compresses the result then (src/server/http/pages/web-app.ts).
 */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
]);

/** Below this a compressed copy saves less than a TCP packet's worth and is not worth a file. */
export const MIN_COMPRESS_BYTES = 256;

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` for each compressible file under `dir` (replacing stale copies) and
 * answers what it did: per file, the original and compressed sizes.
 */
export async function compressAssets(dir) {
  const files = await filesUnder(dir);
  // Copies left from an earlier build are removed first, so none can outlive its original.
  await Promise.all(
    files
      .filter((file) => file.endsWith('.br') || file.endsWith('.gz'))
      .map((file) => rm(file, { force: true })),
  );
  const originals = files.filter((file) => COMPRESSIBLE_EXTENSIONS.has(path.extname(file)));
  const results = await Promise.all(
    originals.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_COMPRESS_BYTES) return { file, bytes: content.length, br: null, gz: null };
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const written = { file, bytes: content.length, br: null, gz: null };
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        written.br = br.length;
      }
      if (gz.length < content.length) {
        await writeFile(`${file}.gz`, gz);
        written.gz = gz.length;
      }
      return written;
    }),
  );
  return results;
}
