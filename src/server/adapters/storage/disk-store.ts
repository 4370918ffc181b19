import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import {
  type FileHandle,
  mkdir,
  open,
  opendir,
  readFile,
  rename,
  rmdir,
  stat,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { KEYS_PAGE_SIZE, type PhotoStore, type StoredObject } from './photo-store.ts';
import { assertContentType, assertPhotoKey } from './store-input.ts';

/**
 * Photos as files under one root folder (`${DATA_DIR}/photos`): key 'a/b/c.jpg' is the file
 * `<root>/a/b/c.jpg`. Only this process's user may read them (folders 0700, files 0600); the app's
 * photo route is the only way out, so signedUrl answers null.
 *
 * The content type is kept in a sidecar `<file>~meta.json` rather than derived from the extension: a
 * store answers the type it was given, as S3 does, so the two stores behave the same and a key's name
 * never decides how a browser reads its bytes. '~' is not allowed in keys, so no key can name a
 * sidecar or a temp file.
 *
 * Every write goes to a temp file in the same folder, is fsynced, then renamed over the target
 * (atomic on POSIX), and the folder is fsynced: after a crash a key holds its old bytes or its new
 * ones, never half a photo. A crash can leave a `~<random>.tmp` file behind; it is never served,
 * and the orphaned-photo job deletes it once it is as old as its grace (deleteTempFilesWrittenBefore).
 *
 * A key cannot be both a file and a folder here ('a/b' and 'a/b/c'); S3 allows it, our keys never do.
 */

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** How often a put makes its folder again when a concurrent delete prunes it. */
const PUT_ATTEMPTS = 5;
const SIDECAR_SUFFIX = '~meta.json';
/** What a photo without a readable sidecar is served as: bytes a browser will not render or run. */
const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

export function createDiskPhotoStore(rootDir: string): PhotoStore {
  return new DiskPhotoStore(rootDir);
}

class DiskPhotoStore implements PhotoStore {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  private fileOf(key: string): string {
    assertPhotoKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** Removes `dir` and each parent that is left empty, up to (not including) the root. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    for (let current = dir; current.startsWith(`${this.root}${path.sep}`); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch (error) {
        // Not empty (or taken by a put right now): it and its parents stay.
        if (!hasCode(error, 'ENOENT')) return;
      }
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    assertContentType(contentType);
    const dir = path.dirname(file);
    // A delete may prune a folder of this path while we make it or before our first temp file is
    // in it: make it again.
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dir, { recursive: true, mode: DIR_MODE });
        // Both written and fsynced at once (one fsync's wait instead of two), then renamed sidecar
        // first: a crash between the renames leaves a sidecar without a photo, i.e. no photo.
        await writeBothAtomically(
          { file: `${file}${SIDECAR_SUFFIX}`, bytes: Buffer.from(JSON.stringify({ contentType })) },
          { file, bytes },
        );
        break;
      } catch (error) {
        if (!hasCode(error, 'ENOENT') || attempt === PUT_ATTEMPTS) throw error;
      }
    }
    await syncDir(dir);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (hasCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: await readContentType(file),
        contentLength: stats.size,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    const file = this.fileOf(key);
    try {
      const stats = await stat(file);
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (hasCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async signedUrl(key: string): Promise<string | null> {
    assertPhotoKey(key);
    return null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    const files = [...new Set(keys.map((key) => this.fileOf(key)))];
    await Promise.all(
      files.flatMap((file) => [removeFileIfAny(file), removeFileIfAny(`${file}${SIDECAR_SUFFIX}`)]),
    );
    // Deepest folders first, so a parent is tried once its children are gone.
    const dirs = [...new Set(files.map((file) => path.dirname(file)))].sort((a, b) => b.length - a.length);
    for (const dir of dirs) await this.pruneEmptyDirs(dir);
  }

  async *keysWrittenBefore(before: Date, pageSize = KEYS_PAGE_SIZE): AsyncGenerator<string[]> {
    let page: string[] = [];
    for await (const key of keysUnder(this.root, before.getTime())) {
      page.push(key);
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  async deleteTempFilesWrittenBefore(before: Date): Promise<number> {
    const dirs = new Set<string>();
    let deleted = 0;
    for await (const file of tempFilesUnder(this.root, before.getTime())) {
      await removeFileIfAny(file);
      deleted += 1;
      dirs.add(path.dirname(file));
    }
    // A crash in a put's first write leaves a folder that held only its temp file.
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await this.pruneEmptyDirs(dir);
    return deleted;
  }
}

/** A file found under the root: its path, its name, the key segments of its folder, its folder's files. */
interface FoundFile {
  file: string;
  name: string;
  segments: string[];
  siblings: ReadonlySet<string>;
}

/** Every file under `dir`, at any depth (a folder that vanished meanwhile has none). */
async function* filesUnder(dir: string, segments: string[] = []): AsyncGenerator<FoundFile> {
  const entries: Dirent[] = [];
  try {
    for await (const entry of await opendir(dir)) entries.push(entry);
  } catch (error) {
    if (hasCode(error, 'ENOENT', 'ENOTDIR')) return;
    throw error;
  }
  const siblings = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file, [...segments, entry.name]);
    else if (entry.isFile()) yield { file, name: entry.name, segments, siblings };
  }
}

/** Whether the file was last written before `beforeMs` (false when it was deleted meanwhile). */
async function writtenBefore(file: string, beforeMs: number): Promise<boolean> {
  const written = await stat(file).then(
    (stats) => stats.mtimeMs,
    (error: unknown) => {
      if (hasCode(error, 'ENOENT')) return null;
      throw error;
    },
  );
  return written !== null && written < beforeMs;
}

/**
 * The keys of the files under `dir` last written before `beforeMs`. A photo is named by its file; a
 * sidecar left without its photo (a crash between the two writes of a put) names its key too, so it
 * can be deleted. Temp files are never keys.
 */
async function* keysUnder(dir: string, beforeMs: number): AsyncGenerator<string> {
  for await (const { file, name: fileName, segments, siblings } of filesUnder(dir)) {
    let name = fileName;
    if (name.endsWith(SIDECAR_SUFFIX)) {
      name = name.slice(0, -SIDECAR_SUFFIX.length);
      // Its photo is there: the photo's own entry answers for the key.
      if (siblings.has(name)) continue;
    }
    if (name.includes('~')) continue;
    if (await writtenBefore(file, beforeMs)) yield [...segments, name].join('/');
  }
}

/** The temp files (writeTemp's) under `dir` last written before `beforeMs`. */
async function* tempFilesUnder(dir: string, beforeMs: number): AsyncGenerator<string> {
  for await (const { file, name } of filesUnder(dir)) {
    if (TEMP_FILE.test(name) && (await writtenBefore(file, beforeMs))) yield file;
  }
}

/** `<file>~<16 hex digits>.tmp`: the name writeTemp gives the bytes before they are renamed. */
const TEMP_FILE = /~[0-9a-f]{16}\.tmp$/;

/** Writes `bytes` to a new temp file beside `file` and fsyncs it; answers the temp file's path. */
async function writeTemp(file: string, bytes: Buffer): Promise<string> {
  const temp = `${file}~${randomBytes(8).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', FILE_MODE);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await removeFileIfAny(temp);
    throw error;
  }
  await handle.close();
  return temp;
}

/**
 * Two files made durable together: both temp files written and fsynced at once, then renamed in
 * order, `first` before `second`. On any failure no temp file is left and nothing was renamed, unless
 * `first` was (its rename is atomic, and a sidecar alone names no photo).
 */
async function writeBothAtomically(
  first: { file: string; bytes: Buffer },
  second: { file: string; bytes: Buffer },
): Promise<void> {
  const written = await Promise.allSettled([
    writeTemp(first.file, first.bytes),
    writeTemp(second.file, second.bytes),
  ]);
  const temps = written.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = written.find((result) => result.status === 'rejected');
  let renamed = 0;
  try {
    if (failed) throw failed.reason;
    await rename(temps[0] as string, first.file);
    renamed = 1;
    await rename(temps[1] as string, second.file);
    renamed = 2;
  } finally {
    if (renamed < 2) for (const temp of temps.slice(renamed)) await removeFileIfAny(temp);
  }
}

/** Makes the renames in `dir` durable. Not every platform can fsync a folder; those skip it. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if (!hasCode(error, 'EISDIR', 'EINVAL', 'EPERM')) throw error;
  } finally {
    await handle.close();
  }
}

async function readContentType(file: string): Promise<string> {
  try {
    const meta: unknown = JSON.parse(await readFile(`${file}${SIDECAR_SUFFIX}`, 'utf8'));
    if (meta && typeof meta === 'object' && 'contentType' in meta && typeof meta.contentType === 'string') {
      return meta.contentType;
    }
  } catch (error) {
    if (!hasCode(error, 'ENOENT') && !(error instanceof SyntaxError)) throw error;
  }
  return UNKNOWN_CONTENT_TYPE;
}

async function removeFileIfAny(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    // Gone already, or a folder where a file was asked for: either way there is no such photo.
    if (!hasCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) throw error;
  }
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}
