import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_FETCH_LIMITS, createAvatarFetcher } from '#server/adapters/identity/avatar-fetcher';
import { users } from '#server/db/schema/index';
import { upsertUserFromIdentity } from '#server/services/users';
import { currentUser, setupTestApp, signIn, uniqueEmail } from '#tests/support/test-app';

/**
 * The owner's profile picture (issue 18): the provider's address is kept at sign-in (https only), the
 * server fetches it once within limits from a peer on this machine, and serves a 96 px WebP copy to the
 * owner alone; anything that is not a picture, or too large, is not shown and the initials stay.
 */

let peer: Server;
let peerUrl = '';
const hits = new Map<string, number>();

const t = setupTestApp({
  avatarFetcher: createAvatarFetcher({ ...AVATAR_FETCH_LIMITS, maxBytes: 200_000, allowLocalPeer: true }),
});

beforeAll(async () => {
  const portrait = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 79, g: 70, b: 229 } },
  })
    .png()
    .toBuffer();
  peer = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith('/portrait.png'))
      response.writeHead(200, { 'content-type': 'image/png' }).end(portrait);
    else if (path === '/not-a-picture')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html>');
    else if (path === '/huge') response.writeHead(200).end(Buffer.alloc(300_000, 1));
    else if (path === '/moved') response.writeHead(302, { location: '/portrait.png?moved' }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

/** An owner whose provider gave this picture address (what sign-in stores). */
async function ownerWithPicture(path: string | null) {
  const signedIn = await signIn(t.app, uniqueEmail('pic'), 'Ada Lovelace');
  await t.db
    .update(users)
    .set({ profileImageUrl: path === null ? null : `${peerUrl}${path}` })
    .where(eq(users.id, signedIn.user.uid));
  return signedIn;
}

function avatar(cookie?: string, url = '/api/user/avatar') {
  return t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
}

describe('GET /api/user/avatar', () => {
  it("serves the owner's picture as a 96 px WebP, fetched once, named by a URL that changes with it", async () => {
    const { cookie } = await ownerWithPicture('/portrait.png');
    const me = await currentUser(t.app, cookie);
    expect(me?.avatarUrl).toMatch(/^\/api\/user\/avatar\?v=[0-9a-f]{12}$/);
    const first = await avatar(cookie, me?.avatarUrl ?? '');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const metadata = await sharp(first.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 96, 96]);
    const before = hits.get('/portrait.png') ?? 0;
    const again = await avatar(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(hits.get('/portrait.png') ?? 0).toBe(before);
  });

  it('follows a redirect from the provider', async () => {
    const { cookie } = await ownerWithPicture('/moved');
    expect((await avatar(cookie)).statusCode).toBe(200);
    expect(hits.get('/portrait.png?moved')).toBe(1);
  });

  it.each([
    ['none from the provider', null],
    ['bytes that are not a picture', '/not-a-picture'],
    ['a picture over the size limit', '/huge'],
    ['an address that answers 404', '/gone'],
  ])('answers 404 for %s (the header shows the initials)', async (_label, path) => {
    const { cookie } = await ownerWithPicture(path);
    const response = await avatar(cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no profile picture for this account.' },
    });
  });

  it('does not ask again for an hour after a failure', async () => {
    const { cookie } = await ownerWithPicture('/not-a-picture');
    const before = hits.get('/not-a-picture') ?? 0;
    await avatar(cookie);
    await avatar(cookie);
    expect(hits.get('/not-a-picture')).toBe(before + 1);
  });

  it('is for the signed-in owner only', async () => {
    expect((await avatar()).statusCode).toBe(401);
  });
});

describe("sign-in keeps the provider's picture", () => {
  const identity = (pictureUrl: string | null, subject: string) => ({
    issuer: 'https://id.example.com',
    subject,
    email: `${subject}@example.com`,
    emailVerified: true,
    displayName: 'Grace Hopper',
    pictureUrl,
  });

  it('stores it, and a later sign-in without one keeps it', async () => {
    const subject = uniqueEmail('sub').split('@')[0] ?? 'sub';
    const first = await upsertUserFromIdentity(t.db, identity('https://pictures.example.com/g.png', subject));
    expect(first.avatarUrl).toMatch(/^\/api\/user\/avatar\?v=/);
    const second = await upsertUserFromIdentity(t.db, identity(null, subject));
    expect(second.avatarUrl).toBe(first.avatarUrl);
  });
});
