import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { loadConfig, publicConfig } from './index.ts';

describe('loadConfig: photo storage', () => {
  const S3 = {
    PHOTO_STORAGE: 's3',
    S3_BUCKET: 'listsync-photos',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
  };

  it('uses the bucket when PHOTO_STORAGE=s3 and its settings are set: AWS in us-east-1 by default', () => {
    expect(loadConfig(S3).photoStorage).toEqual({
      kind: 's3',
      region: 'us-east-1',
      bucket: 'listsync-photos',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 's3-secret-access-key',
      forcePathStyle: false,
    });
  });

  it('reaches another S3-compatible server through S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE', () => {
    const config = loadConfig({
      ...S3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.photoStorage).toMatchObject({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    // The bucket is not a local service, and the disk never was one: the list does not change.
    expect(config.localServices).toEqual(loadConfig({}).localServices);
  });

  it.each(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'PHOTO_STORAGE=s3 without %s is a start-up error naming it (and only it)',
    (missing) => {
      const problems = problemsOf({ ...S3, [missing]: ' ' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${missing} is missing: PHOTO_STORAGE=s3 needs `));
    },
  );

  it('PHOTO_STORAGE=s3 alone names each of its settings, in production too', () => {
    const names = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    expect(problemsOf({ PHOTO_STORAGE: 's3' }).map((p) => p.split(' ')[0])).toEqual(names);
    expect(problemsOf({ ...PRODUCTION, PHOTO_STORAGE: 's3' }).map((p) => p.split(' ')[0])).toEqual(names);
  });

  it('bucket settings without PHOTO_STORAGE=s3 are refused, not silently left for the disk', () => {
    const { PHOTO_STORAGE: _kind, ...settings } = S3;
    expect(problemsOf({ ...settings, S3_ENDPOINT: 'https://s3.example.com' })).toEqual([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set but PHOTO_STORAGE is disk: set PHOTO_STORAGE=s3 to use the bucket, or unset them',
    ]);
  });

  it('the S3 secret never reaches the browser', () => {
    expect(JSON.stringify(publicConfig(loadConfig(S3)))).not.toContain('s3-secret-access-key');
  });
});
