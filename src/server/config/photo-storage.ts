import path from 'node:path';
import { z } from 'zod';
import { booleanFlag, optionalHttpUrl, optionalText } from './env-fields.ts';
import type { SettingsCheck } from './settings-check.ts';

/** Where photo files live: under DATA_DIR, or in an S3-compatible bucket. */

export const PhotoStorageEnv = z.object({
  PHOTO_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalHttpUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
});
export type PhotoStorageEnv = z.infer<typeof PhotoStorageEnv>;

/** Where photo files live. Disk is allowed in production too (a mounted volume). */
export type PhotoStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      /** Unset: AWS S3 itself. */
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** The bucket when PHOTO_STORAGE=s3 and its settings are set; otherwise $DATA_DIR/photos. */
export function readPhotoStorage(
  e: PhotoStorageEnv,
  dataDir: string,
  check: SettingsCheck,
): PhotoStorageConfig {
  const disk: PhotoStorageConfig = { kind: 'disk', dir: path.join(dataDir, 'photos') };
  const s3Settings = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  if (e.PHOTO_STORAGE === 's3') {
    for (const [name, value] of Object.entries(s3Settings)) {
      if (!value)
        check.problems.push(
          `${name} is missing: PHOTO_STORAGE=s3 needs ${Object.keys(s3Settings).join(', ')}`,
        );
    }
    if (!(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) return disk;
    return {
      kind: 's3',
      ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  // Photos on the disk while a bucket is set up is a fallback nobody chose: say so rather than lose them.
  const setS3 = Object.entries({ S3_ENDPOINT: e.S3_ENDPOINT, ...s3Settings }).filter(([, value]) => value);
  if (setS3.length > 0) {
    check.problems.push(
      `${setS3.map(([name]) => name).join(', ')} set but PHOTO_STORAGE is disk: set PHOTO_STORAGE=s3 to use the bucket, or unset them`,
    );
  }
  return disk;
}
