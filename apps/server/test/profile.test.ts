import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { adminMessages, apiErrors, fieldMessages, profileMessages } from '@synergie/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  account,
  mailOutbox,
  memberRatings,
  memberServices,
  profiles,
  session,
  user,
  userRoles,
} from '../src/db/schema';
import { promoteAdmin, promoteAdminEmails } from '../src/domain/roles';
import { createTestApp } from './helpers/app';
import { client, ORIGIN, signUp } from './helpers/auth';
import { multipart, type UploadedFile, uploadFile } from './helpers/upload';

const t = await createTestApp({ env: { ADMIN_EMAILS: 'cheffe@synergie.test' } });
const uploadsDir = path.join(t.env.DATA_DIR, 'uploads');

type Member = Awaited<ReturnType<typeof signUp>>;

/** A valid /profile form, as the browser sends it. */
const profileForm = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Claire Martin',
  companyName: 'Martin Conseil',
  phone: '+33 6 12 34 56 78',
  bio: 'Consultante en stratégie pour les PME.',
  profession: 'Consultante',
  industry: 'Conseil',
  city: 'Lyon',
  sponsorName: '',
  websiteUrl: 'martin-conseil.fr',
  linkedinUrl: 'https://www.linkedin.com/in/claire-martin',
  twitterUrl: '',
  githubUrl: 'http://github.com/cmartin',
  facebookUrl: '   ',
  skills: ['  Stratégie ', 'Finance', 'stratégie', '', '   '],
  lookingFor: ['Comptable', ' comptable ', 'Avocat'],
  ...overrides,
});

// ---------------------------------------------------------------------------
// Images made on the spot
// ---------------------------------------------------------------------------

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

/** A JPEG as a phone writes it: EXIF with a GPS position, taken sideways (orientation 6). */
const phoneJpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Claire Martin' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Random pixels do not compress: a PNG over the 5 MB limit. */
const oversizedPng = () => {
  const width = 1400;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

/** A tiny PNG whose header claims 20000 x 20000 pixels: a decompression bomb's shape. */
const pixelBombPng = async () => {
  const small = await png(1, 1);
  const bomb = Buffer.from(small);
  // IHDR: length (4) type (4) at offset 8, then width and height, and the chunk's CRC after 13 bytes.
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
};

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

const upload = (
  member: Member | null,
  kind: 'avatar' | 'logo',
  file: UploadedFile,
  extra: Record<string, string> = {},
) => uploadFile(t, `/api/me/${kind}`, member, file, extra);

const filesOf = (userId: string) => {
  const dir = path.join(uploadsDir, 'avatars', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const storedFile = (url: string) => {
  expect(url.startsWith('/storage/avatars/')).toBe(true);
  return path.join(uploadsDir, 'avatars', ...url.slice('/storage/avatars/'.length).split('/'));
};

const profileOf = async (userId: string) =>
  (await t.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

// ---------------------------------------------------------------------------

describe('GET /api/me', () => {
  it('answers 401 in French when signed out', async () => {
    const res = await client(t).get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: apiErrors.UNAUTHENTICATED.message });
  });

  it('gives the account, its profile and isAdmin false for a member', async () => {
    const member = await signUp(t, { name: 'Hugo Bernard' });
    const res = await member.get('/api/me');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: member.userId,
      email: member.member.email,
      name: 'Hugo Bernard',
      emailVerified: false,
      twoFactorEnabled: false,
    });
    expect(body.profile).toMatchObject({
      userId: member.userId,
      fullName: 'Hugo Bernard',
      skills: [],
      avatarUrl: null,
    });
    expect(body.isAdmin).toBe(false);
  });

  it('gives isAdmin true for an account listed in ADMIN_EMAILS', async () => {
    const admin = await signUp(t, { email: 'cheffe@synergie.test' });
    expect((await admin.get('/api/me')).json().isAdmin).toBe(true);
  });
});

describe('PUT /api/me/profile', () => {
  it('saves the form with the link and chip rules, and renames the account', async () => {
    const member = await signUp(t);
    const res = await member.put('/api/me/profile', profileForm());
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      userId: member.userId,
      fullName: 'Claire Martin',
      companyName: 'Martin Conseil',
      city: 'Lyon',
      sponsorName: null,
      // https:// added when there is no scheme; http:// kept; empty (or blank) stored as null.
      websiteUrl: 'https://martin-conseil.fr',
      linkedinUrl: 'https://www.linkedin.com/in/claire-martin',
      githubUrl: 'http://github.com/cmartin',
      twitterUrl: null,
      facebookUrl: null,
      // Trimmed, no blanks, no duplicates (whatever the case), in the order typed.
      skills: ['Stratégie', 'Finance'],
      lookingFor: ['Comptable', 'Avocat'],
    });
    expect(await profileOf(member.userId)).toMatchObject({
      websiteUrl: 'https://martin-conseil.fr',
      skills: ['Stratégie', 'Finance'],
    });
    // The session's name follows the profile's full name.
    expect((await member.get('/api/auth/get-session')).json().user.name).toBe('Claire Martin');
    expect((await member.get('/api/me')).json().profile).toEqual(saved);
  });

  it.each([
    ['javascript:alert(1)', 'websiteUrl'],
    ['JavaScript:alert(document.cookie)//x.fr', 'linkedinUrl'],
    ['data:text/html,<script>alert(1)</script>', 'githubUrl'],
    ['https://', 'twitterUrl'],
  ])('refuses the link %s in French and changes nothing', async (link, field) => {
    const member = await signUp(t);
    const before = await profileOf(member.userId);
    const res = await member.put('/api/me/profile', profileForm({ [field]: link }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toBe('Lien invalide');
    expect(res.json().error.fields[field]).toBe('Lien invalide');
    expect(await profileOf(member.userId)).toEqual(before);
  });

  it('refuses a missing or too short name with the French message', async () => {
    const member = await signUp(t);
    const res = await member.put('/api/me/profile', profileForm({ fullName: ' A ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Le nom doit contenir au moins 2 caractères');
  });

  it.each([
    ['companyName', 'Martin Conseil\r\nBEGIN:VCARD'],
    ['fullName', 'Claire\u0000 Martin'],
    ['city', '\u202Enoyl'],
  ])('refuses a line break, NUL or direction override in %s and writes nothing', async (field, value) => {
    const member = await signUp(t);
    await member.put('/api/me/profile', profileForm());
    const before = await profileOf(member.userId);
    const res = await member.put('/api/me/profile', profileForm({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toBe(fieldMessages.forbiddenCharacters);
    expect(res.json().error.fields[field]).toBe(fieldMessages.forbiddenCharacters);
    expect(await profileOf(member.userId)).toEqual(before);
  });

  it('keeps the line breaks of the presentation', async () => {
    const member = await signUp(t);
    const res = await member.put('/api/me/profile', profileForm({ bio: 'Conseil.\nFinance.' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('Conseil.\nFinance.');
  });

  it('ignores a userId in the body: only the session says whose profile it is', async () => {
    const victim = await signUp(t, { name: 'Victime Intacte' });
    const attacker = await signUp(t);
    const before = await profileOf(victim.userId);
    const res = await attacker.put(
      '/api/me/profile',
      profileForm({ userId: victim.userId, user_id: victim.userId, fullName: 'Pirate' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(attacker.userId);
    expect(await profileOf(victim.userId)).toEqual(before);
    expect((await profileOf(attacker.userId))?.fullName).toBe('Pirate');
    const [victimAccount] = await t.database.db.select().from(user).where(eq(user.id, victim.userId));
    expect(victimAccount?.name).toBe('Victime Intacte');
  });

  it('answers 401 when signed out', async () => {
    const res = await client(t).put('/api/me/profile', profileForm());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
  });
});

describe('PUT /api/me/profile: the trade (network-core §1)', () => {
  const tradeNamed = async (label: string) => {
    const { rows } = await t.database.db.execute<{ id: string; slug: string; family: string; regulated: boolean }>(
      sql`select id, slug, family, regulated from trades where label = ${label}`,
    );
    if (!rows[0]) throw new Error(`no trade ${label}`);
    return rows[0];
  };

  it('saves a trade of the catalogue and a specialty: the profession is the trade label, the answer has the trade', async () => {
    const member = await signUp(t);
    const notaire = await tradeNamed('Notaire');
    const res = await member.put(
      '/api/me/profile',
      profileForm({ tradeId: notaire.id, specialty: '  Droit rural ', profession: 'Ignoré' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      tradeId: notaire.id,
      specialty: 'Droit rural',
      profession: 'Notaire',
      mustPickTrade: false,
      trade: { id: notaire.id, slug: notaire.slug, label: 'Notaire', family: 'droit-chiffre', regulated: true },
    });
    expect((await member.get('/api/me')).json().profile).toEqual(res.json());
    // Saved without the trade keys (an older client): trade and specialty unchanged.
    const older = await member.put('/api/me/profile', profileForm({ profession: 'Autre chose' }));
    expect(older.json()).toMatchObject({ tradeId: notaire.id, specialty: 'Droit rural', profession: 'Notaire' });
  });

  it('refuses an unknown trade (404) and a malformed one (400), in French, changing nothing', async () => {
    const member = await signUp(t);
    await member.put('/api/me/profile', profileForm());
    const before = await profileOf(member.userId);
    const unknown = await member.put(
      '/api/me/profile',
      profileForm({ tradeId: '00000000-0000-4000-8000-000000000000', fullName: 'Nom changé' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'TRADE_NOT_FOUND', message: 'Ce métier est introuvable.' });
    const malformed = await member.put('/api/me/profile', profileForm({ tradeId: 'plombier' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.tradeId).toBe('Choisissez un métier du catalogue');
    const tooLong = await member.put('/api/me/profile', profileForm({ specialty: 'x'.repeat(151) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.specialty).toBe('La spécialité ne peut pas dépasser 150 caractères');
    expect(await profileOf(member.userId)).toEqual(before);
  });

  it('keeps a free profession without a trade (older clients), and clears a dropped trade’s label', async () => {
    const member = await signUp(t);
    const free = await member.put('/api/me/profile', profileForm({ profession: 'Sourcier' }));
    expect(free.json()).toMatchObject({ tradeId: null, trade: null, profession: 'Sourcier' });
    const plombier = await tradeNamed('Plombier chauffagiste');
    await member.put('/api/me/profile', profileForm({ tradeId: plombier.id }));
    const dropped = await member.put('/api/me/profile', profileForm({ tradeId: null, profession: undefined }));
    expect(dropped.json()).toMatchObject({ tradeId: null, trade: null, profession: null });
  });

  it('shows mustPickTrade to a migrated member (old profession kept as specialty) until they pick a trade', async () => {
    const member = await signUp(t);
    await t.database.db
      .update(profiles)
      .set({ profession: 'Magnétiseur', specialty: 'Magnétiseur', mustPickTrade: true })
      .where(eq(profiles.userId, member.userId));
    const me = (await member.get('/api/me')).json().profile;
    expect(me).toMatchObject({ mustPickTrade: true, trade: null, specialty: 'Magnétiseur', profession: 'Magnétiseur' });
    const trade = await tradeNamed('Plombier chauffagiste');
    const picked = await member.put('/api/me/profile', profileForm({ tradeId: trade.id, specialty: 'Magnétiseur' }));
    expect(picked.json()).toMatchObject({
      mustPickTrade: false,
      profession: 'Plombier chauffagiste',
      specialty: 'Magnétiseur',
    });
  });

  it('refuses to change the trade of a member holding a seat (409), and lets the rest of the form save', async () => {
    const member = await signUp(t);
    const plombier = await tradeNamed('Plombier chauffagiste');
    const notaire = await tradeNamed('Notaire');
    await member.put('/api/me/profile', profileForm({ tradeId: plombier.id }));
    const { rows } = await t.database.db.execute<{ id: string }>(sql`
      insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm, meeting_weekday, meeting_time)
      values ('profil-siege', 'Synergie Pro Profil', 'Lyon', '69', 'Auvergne-Rhône-Alpes', 'Lyon', 'weekly', 2, '07:00')
      returning id`);
    await t.database.db.execute(
      sql`insert into group_members (group_id, user_id, trade_id) values (${rows[0]?.id}, ${member.userId}, ${plombier.id})`,
    );
    const before = await profileOf(member.userId);
    for (const tradeId of [notaire.id, null]) {
      const res = await member.put('/api/me/profile', profileForm({ tradeId, city: 'Paris' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'TRADE_LOCKED_BY_SEAT',
        message: apiErrors.TRADE_LOCKED_BY_SEAT.message,
      });
    }
    expect(await profileOf(member.userId)).toEqual(before);
    const same = await member.put(
      '/api/me/profile',
      profileForm({ tradeId: plombier.id, city: 'Paris', specialty: 'Dépannage' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ city: 'Paris', specialty: 'Dépannage', tradeId: plombier.id });
  });
});

describe('avatar and logo upload', () => {
  it('stores a PNG as WebP under the member id and serves it safely', async () => {
    const member = await signUp(t);
    const res = await upload(member, 'avatar', { body: await png(), filename: 'moi.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/storage/avatars/${member.userId}/[A-Za-z0-9_-]+\\.webp$`));
    expect((await profileOf(member.userId))?.avatarUrl).toBe(url);

    const stored = fs.readFileSync(storedFile(url));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    // Resized to 512 px at most, proportions kept.
    expect([metadata.width, metadata.height]).toEqual([512, 384]);

    const served = await client(t).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('re-encodes a phone JPEG: upright, and its EXIF with the GPS position gone', async () => {
    const member = await signUp(t);
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    expect(original.orientation).toBe(6);

    const res = await upload(member, 'avatar', { body: jpeg, filename: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const stored = fs.readFileSync(storedFile(res.json().url));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Turned upright: 900 x 600 taken sideways is 600 x 900, then fitted into 512 px.
    expect([metadata.width, metadata.height]).toEqual([341, 512]);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('replaces the previous avatar and deletes its file', async () => {
    const member = await signUp(t);
    const first = (await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' })).json()
      .url;
    const second = (
      await upload(member, 'avatar', { body: await png(300, 300), filename: 'b.png', type: 'image/png' })
    ).json().url;
    expect(second).not.toBe(first);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(storedFile(second))).toBe(true);
    expect((await profileOf(member.userId))?.avatarUrl).toBe(second);
    expect((await client(t).get(first)).statusCode).toBe(404);
  });

  it('stores the company logo as logo-... and keeps it apart from the avatar', async () => {
    const member = await signUp(t);
    const avatar = (await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' })).json()
      .url;
    const res = await upload(member, 'logo', { body: await png(1200, 400), filename: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/storage/avatars/${member.userId}/logo-[A-Za-z0-9_-]+\\.webp$`));
    expect(await profileOf(member.userId)).toMatchObject({ companyLogoUrl: url, avatarUrl: avatar });
    expect(fs.existsSync(storedFile(avatar))).toBe(true);
  });

  it('removes the avatar and the logo on DELETE', async () => {
    const member = await signUp(t);
    const avatar = (await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' })).json()
      .url;
    const logo = (await upload(member, 'logo', { body: await png(), filename: 'l.png', type: 'image/png' })).json().url;

    const removed = await member.delete('/api/me/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await profileOf(member.userId)).toMatchObject({ avatarUrl: null, companyLogoUrl: logo });
    expect(fs.existsSync(storedFile(avatar))).toBe(false);

    expect((await member.delete('/api/me/logo')).statusCode).toBe(200);
    expect((await profileOf(member.userId))?.companyLogoUrl).toBeNull();
    expect(filesOf(member.userId)).toEqual([]);
    // Nothing to remove is not an error.
    expect((await member.delete('/api/me/logo')).statusCode).toBe(200);
    expect((await client(t).delete('/api/me/logo')).statusCode).toBe(401);
  });

  it('refuses a text file renamed .png (415) and keeps nothing', async () => {
    const member = await signUp(t);
    const res = await upload(member, 'avatar', {
      body: Buffer.from('Ceci est un simple fichier texte, pas une image.\n'.repeat(20)),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'NOT_AN_IMAGE', message: profileMessages.notAnImage });
    expect(filesOf(member.userId)).toEqual([]);
    expect((await profileOf(member.userId))?.avatarUrl).toBeNull();
  });

  it('refuses an SVG (415), even one named .png', async () => {
    const member = await signUp(t);
    for (const [filename, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ] as const) {
      const res = await upload(member, 'logo', { body: SVG, filename, type });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(profileMessages.notAnImage);
    }
    expect(filesOf(member.userId)).toEqual([]);
  });

  it('refuses a real image in a format not accepted (TIFF) and a truncated PNG', async () => {
    const member = await signUp(t);
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } })
      .tiff()
      .toBuffer();
    expect((await upload(member, 'avatar', { body: tiff, filename: 'a.png', type: 'image/png' })).statusCode).toBe(415);
    const full = await png(400, 400);
    const truncated = full.subarray(0, Math.floor(full.length / 2));
    const res = await upload(member, 'avatar', { body: truncated, filename: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(filesOf(member.userId)).toEqual([]);
  });

  it('refuses an image over UPLOAD_MAX_BYTES (413) with the size in French', async () => {
    const member = await signUp(t);
    const big = await oversizedPng();
    expect(big.length).toBeGreaterThan(t.env.UPLOAD_MAX_BYTES);
    const res = await upload(member, 'avatar', { body: big, filename: 'grande.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: profileMessages.tooLarge });
    expect(filesOf(member.userId)).toEqual([]);
  });

  it('refuses an image of too many pixels before decoding it (413)', async () => {
    const member = await signUp(t);
    const res = await upload(member, 'avatar', { body: await pixelBombPng(), filename: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(profileMessages.imageDimensionsTooLarge);
  });

  it('answers 415 in French to a body that is not multipart, and 400 without a file', async () => {
    const member = await signUp(t);
    const json = await member.post('/api/me/avatar', { file: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(profileMessages.multipartRequired);

    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: ORIGIN, cookie: member.jar.header(), 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().error.message).toBe(apiErrors.UNSUPPORTED_MEDIA_TYPE.message);

    const { payload, contentType } = await multipart({
      image: { body: await png(), filename: 'a.png', type: 'image/png' },
    });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: ORIGIN, cookie: member.jar.header(), 'content-type': contentType },
      payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(profileMessages.noFile);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: ORIGIN, cookie: member.jar.header(), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(filesOf(member.userId)).toEqual([]);
  });

  it('answers 401 to an upload when signed out, and stores nothing', async () => {
    const before = fs.existsSync(path.join(uploadsDir, 'avatars'))
      ? fs.readdirSync(path.join(uploadsDir, 'avatars'))
      : [];
    const res = await upload(null, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(401);
    const after = fs.existsSync(path.join(uploadsDir, 'avatars'))
      ? fs.readdirSync(path.join(uploadsDir, 'avatars'))
      : [];
    expect(after).toEqual(before);
  });

  it("stores under the session's id even when the form names another user", async () => {
    const victim = await signUp(t);
    const attacker = await signUp(t);
    const res = await upload(
      attacker,
      'avatar',
      { body: await png(), filename: 'a.png', type: 'image/png' },
      { userId: victim.userId, key: `${victim.userId}/avatar.webp` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toContain(`/avatars/${attacker.userId}/`);
    expect(filesOf(victim.userId)).toEqual([]);
    expect((await profileOf(victim.userId))?.avatarUrl).toBeNull();
  });
});

describe('GET /storage/...', () => {
  it('serves nothing outside the buckets and nothing but images', async () => {
    const member = await signUp(t);
    const { url } = (
      await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' })
    ).json();
    fs.writeFileSync(path.join(uploadsDir, 'avatars', member.userId, 'page.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(uploadsDir, 'secret.webp'), 'outside the buckets');
    const c = client(t);
    for (const address of [
      `/storage/avatars/${member.userId}/page.html`,
      '/storage/avatars/../secret.webp',
      '/storage/avatars/..%2Fsecret.webp',
      '/storage/avatars/%2e%2e/secret.webp',
      '/storage/avatars/%2e%2e%2fsecret.webp',
      `/storage/avatars/${member.userId}/..%2F..%2F..%2Fsecret.webp`,
      '/storage/avatars/%2Fetc%2Fpasswd.webp',
      '/storage/other/x.webp',
      `/storage/avatars/${member.userId}/missing.webp`,
    ]) {
      const res = await c.get(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.body).not.toContain('outside the buckets');
      expect(res.body).not.toContain('<script>');
    }
    expect((await c.get(url)).statusCode).toBe(200);
  });
});

describe('GET /api/profiles/:userId/public', () => {
  it('gives anyone the name and company, and 404 in French for an unknown member', async () => {
    const member = await signUp(t);
    await member.put('/api/me/profile', profileForm({ fullName: 'Inès Robert', companyName: 'Robert & Fils' }));
    const res = await client(t).get(`/api/profiles/${member.userId}/public`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fullName: 'Inès Robert', companyName: 'Robert & Fils' });

    const unknown = await client(t).get('/api/profiles/inconnu-123/public');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(profileMessages.notFound);
  });
});

describe('GET /api/me/export', () => {
  it('answers 401 when signed out', async () => {
    expect((await client(t).get('/api/me/export')).statusCode).toBe(401);
  });

  it('downloads the member data as JSON, with no password, secret or token', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    await member.put('/api/me/profile', profileForm());
    await t.database.db.insert(memberServices).values({
      userId: member.userId,
      title: 'Audit stratégique',
      description: 'Un audit complet',
      features: ['Rapide'],
    });
    await t.database.db.insert(memberRatings).values([
      { raterId: member.userId, ratedId: other.userId, rating: 5 },
      { raterId: other.userId, ratedId: member.userId, rating: 4 },
    ]);

    const res = await member.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id: member.userId, email: member.member.email, name: 'Claire Martin' });
    expect(data.account.signInMethods).toEqual([{ providerId: 'credential', createdAt: expect.any(String) }]);
    expect(data.profile).toMatchObject({ fullName: 'Claire Martin', websiteUrl: 'https://martin-conseil.fr' });
    expect(data.roles).toEqual([]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      expiresAt: expect.any(String),
      ipAddress: expect.any(String),
      userAgent: expect.any(String),
    });
    expect(data.services).toEqual([expect.objectContaining({ title: 'Audit stratégique', userId: member.userId })]);
    expect(data.ratingsGiven).toEqual([expect.objectContaining({ ratedId: other.userId, rating: 5 })]);
    expect(data.ratingsReceived).toEqual([expect.objectContaining({ raterId: other.userId, rating: 4 })]);
    for (const key of ['projects', 'jobPositions', 'applications', 'events', 'eventRegistrations', 'contacts']) {
      expect(data[key], key).toEqual([]);
    }

    // No secret anywhere: not by name, not by value.
    const keys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.push(k);
          walk(v);
        }
      }
    };
    walk(data);
    expect(keys.filter((k) => /password|token|secret|hash|backup/i.test(k))).toEqual([]);
    const [sessionRow] = await t.database.db.select().from(session).where(eq(session.userId, member.userId));
    const [accountRow] = await t.database.db.select().from(account).where(eq(account.userId, member.userId));
    expect(sessionRow?.token).toBeTruthy();
    expect(accountRow?.password).toBeTruthy();
    expect(res.body).not.toContain(sessionRow?.token);
    expect(res.body).not.toContain(accountRow?.password);
    expect(res.body).not.toContain(member.member.password);
  });
});

describe('GET /api/me/export: files', () => {
  it("lists the member's uploads from the registry of file columns, and nobody else's", async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    await member.put('/api/me/profile', profileForm());
    const avatar = (await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' })).json();
    const logo = (await upload(member, 'logo', { body: await png(), filename: 'l.png', type: 'image/png' })).json();
    const serviceImage = `/storage/service-images/${member.userId}/service.webp`;
    await t.database.db.insert(memberServices).values([
      { userId: member.userId, title: 'Avec image', description: 'Une image', imageUrl: serviceImage },
      { userId: member.userId, title: 'Sans image', description: 'Aucune image' },
      {
        userId: other.userId,
        title: 'Autre',
        description: 'Autre membre',
        imageUrl: '/storage/service-images/x/y.webp',
      },
    ]);

    const data = (await member.get('/api/me/export')).json();
    expect(data.files).toEqual([
      { column: 'profiles.avatar_url', url: avatar.url },
      { column: 'profiles.company_logo_url', url: logo.url },
      { column: 'member_services.image_url', url: serviceImage },
    ]);
    expect((await other.get('/api/me/export')).json().files).toEqual([
      { column: 'member_services.image_url', url: '/storage/service-images/x/y.webp' },
    ]);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong email (400) and deletes nothing', async () => {
    const member = await signUp(t);
    await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' });
    const res = await member.delete('/api/me', { confirmEmail: 'quelquun@autre.fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'DELETE_CONFIRM_MISMATCH',
      message: profileMessages.deleteConfirmMismatch,
    });
    expect(await t.database.db.select().from(user).where(eq(user.id, member.userId))).toHaveLength(1);
    expect(await profileOf(member.userId)).toBeDefined();
    expect(filesOf(member.userId)).toHaveLength(1);
    expect((await member.get('/api/me')).statusCode).toBe(200);

    const empty = await member.delete('/api/me', {});
    expect(empty.statusCode).toBe(400);
    expect((await client(t).delete('/api/me', { confirmEmail: member.member.email })).statusCode).toBe(401);
  });

  it('deletes the account, its content, its files and its sessions with the right email', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    await upload(member, 'avatar', { body: await png(), filename: 'a.png', type: 'image/png' });
    await upload(member, 'logo', { body: await png(), filename: 'l.png', type: 'image/png' });
    await t.database.db
      .insert(memberServices)
      .values({ userId: member.userId, title: 'Service', description: 'À supprimer avec le compte' });
    await t.database.db.insert(memberRatings).values({ raterId: other.userId, ratedId: member.userId, rating: 3 });
    // A file in the other bucket, as issue 5 will store there.
    await t.app.ctx.storage.put('service-images', `${member.userId}/service.webp`, await png(10, 10), 'image/webp');
    await t.app.ctx.storage.put('service-images', `${other.userId}/service.webp`, await png(10, 10), 'image/webp');
    expect(filesOf(member.userId)).toHaveLength(2);
    const oldCookies = member.jar.header();

    // Typed as people type: spaces and capitals do not matter.
    const res = await member.delete('/api/me', { confirmEmail: `  ${member.member.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(setCookie.some((line) => /session_token=;/.test(line) && /max-age=0/i.test(line))).toBe(true);
    expect(member.jar.has('session_token')).toBe(false);

    const db = t.database.db;
    expect(await db.select().from(user).where(eq(user.id, member.userId))).toHaveLength(0);
    expect(await profileOf(member.userId)).toBeUndefined();
    expect(await db.select().from(session).where(eq(session.userId, member.userId))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, member.userId))).toHaveLength(0);
    expect(await db.select().from(memberServices).where(eq(memberServices.userId, member.userId))).toHaveLength(0);
    expect(await db.select().from(memberRatings).where(eq(memberRatings.ratedId, member.userId))).toHaveLength(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, member.member.email))).toHaveLength(0);
    expect(fs.existsSync(path.join(uploadsDir, 'avatars', member.userId))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, 'service-images', member.userId))).toBe(false);
    // Someone else's files stay.
    expect(fs.existsSync(path.join(uploadsDir, 'service-images', other.userId, 'service.webp'))).toBe(true);

    // The old session cookie no longer opens anything, and the password no longer signs in.
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldCookies } });
    expect(replay.statusCode).toBe(401);
    const signIn = await client(t).post('/api/auth/sign-in/email', {
      email: member.member.email,
      password: member.member.password,
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('admins', () => {
  it('promotes an account by email, once, with the French messages', async () => {
    const member = await signUp(t, { email: 'futur.admin@exemple.fr' });
    expect((await member.get('/api/me')).json().isAdmin).toBe(false);

    await expect(promoteAdmin(t.database.db, 'personne@exemple.fr')).rejects.toMatchObject({
      statusCode: 404,
      message: adminMessages.userNotFound,
    });
    await expect(promoteAdmin(t.database.db, '   ')).rejects.toMatchObject({
      statusCode: 400,
      message: adminMessages.emailRequired,
    });
    await expect(promoteAdmin(t.database.db, 'pas-un-email')).rejects.toMatchObject({ message: 'Email invalide' });

    expect(await promoteAdmin(t.database.db, '  Futur.Admin@Exemple.fr ')).toEqual({
      userId: member.userId,
      email: 'futur.admin@exemple.fr',
    });
    expect((await member.get('/api/me')).json().isAdmin).toBe(true);
    await expect(promoteAdmin(t.database.db, 'futur.admin@exemple.fr')).rejects.toMatchObject({
      statusCode: 409,
      message: adminMessages.alreadyAdmin,
    });
  });

  it('promotes at start-up the existing accounts listed in ADMIN_EMAILS', async () => {
    const member = await signUp(t, { email: 'ancien.membre@exemple.fr' });
    expect(await promoteAdminEmails(t.database.db, ['ancien.membre@exemple.fr', 'absent@exemple.fr'])).toBe(1);
    expect(await promoteAdminEmails(t.database.db, ['ancien.membre@exemple.fr'])).toBe(0);
    const roles = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, member.userId));
    expect(roles.map((r) => r.role)).toEqual(['admin']);
  });

  it("admin routes: 401 signed out, 403 'Accès non autorisé' for a member, open once promoted", async () => {
    const member = await signUp(t);
    const signedOut = await client(t).get('/api/admin/members');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Vous devez être connecté pour accéder à cette page',
    });
    const forbidden = await member.get('/api/admin/members');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: 'Accès non autorisé' });
    await promoteAdmin(t.database.db, member.member.email);
    expect((await member.get('/api/admin/members')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    const doc = (await client(t).get('/api/openapi.json')).json();
    for (const [route, method] of [
      ['/api/me', 'get'],
      ['/api/me', 'delete'],
      ['/api/me/profile', 'put'],
      ['/api/me/avatar', 'post'],
      ['/api/me/logo', 'delete'],
      ['/api/me/export', 'get'],
      ['/api/profiles/{userId}/public', 'get'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    expect(doc.paths['/api/me'].get.tags).toEqual(['Compte']);
  });
});

describe('active sessions (GET/DELETE /api/me/sessions)', () => {
  it('lists the member’s own sessions without tokens, marks this device, and ends another one', async () => {
    const phone = await signUp(t);
    const laptop = client(t, '10.7.0.2');
    expect((await laptop.post('/api/auth/sign-in/email', phone.member)).statusCode).toBe(200);

    const listed = await phone.get('/api/me/sessions');
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as { sessions: { id: string; current: boolean; token?: string }[] };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(listed.body).not.toMatch(/token/i);

    const other = sessions.find((s) => !s.current);
    // Another member cannot end it: the id is not theirs.
    const stranger = await signUp(t);
    expect((await stranger.delete(`/api/me/sessions/${other?.id}`)).statusCode).toBe(404);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);

    expect((await phone.delete(`/api/me/sessions/${other?.id}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await phone.get('/api/me')).statusCode).toBe(200);
  });

  it('answers 401 signed out', async () => {
    expect((await client(t).get('/api/me/sessions')).statusCode).toBe(401);
  });
});
