/** Types of compress-assets.mjs (a build script in plain JavaScript, imported by its test). */
export declare const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string>;
export declare const MIN_COMPRESS_BYTES: number;

export interface CompressedAsset {
  file: string;
  /** The original's size. */
  bytes: number;
  /** The size of the copy written, or null when none was (too small, or not smaller). */
  br: number | null;
  gz: number | null;
}

export declare function compressAssets(dir: string): Promise<CompressedAsset[]>;
