import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local';
import { isValidKey, keyFromPublicUrl } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(path.join(root, 'uploads'));
const outside = path.join(root, 'outside.webp');
fs.writeFileSync(outside, 'not yours');

describe('LocalDiskStorage keys', () => {
  it.each([
    '../outside.webp',
    '../../outside.webp',
    'user/../../outside.webp',
    'user/../other/x.webp',
    './x.webp',
    '..',
    '.',
    '',
    '/etc/passwd',
    'user//x.webp',
    'user/',
    'user\\..\\..\\outside.webp',
    'user/.hidden.webp',
    'user/x.webp\0.png',
    'user/%2e%2e/x.webp',
    'user/x y.webp',
    'a'.repeat(600),
  ])('refuses the key %j for every operation', async (key) => {
    expect(isValidKey(key)).toBe(false);
    expect(() => storage.filePath('avatars', key)).toThrow();
    await expect(storage.put('avatars', key, Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.delete('avatars', key)).rejects.toThrow();
    expect(await storage.open('avatars', key)).toBeNull();
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours');
  });

  it('refuses an unknown bucket, and a bucket name used as a path', async () => {
    expect(() => storage.filePath('../uploads', 'x.webp')).toThrow();
    // biome-ignore lint/suspicious/noExplicitAny: a caller that bypasses the Bucket type
    await expect(storage.put('other' as any, 'u/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    expect(await storage.open('..', 'outside.webp')).toBeNull();
  });

  it('stores under <root>/<bucket>/<key>, reads, and deletes', async () => {
    await storage.put('avatars', 'user-1/photo.webp', Buffer.from('image'), 'image/webp');
    const file = path.join(root, 'uploads', 'avatars', 'user-1', 'photo.webp');
    expect(storage.filePath('avatars', 'user-1/photo.webp')).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('image');
    // No temporary file left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['photo.webp']);
    const opened = await storage.open('avatars', 'user-1/photo.webp');
    expect(opened?.size).toBe(5);
    await opened?.handle.close();
    expect(storage.publicUrl('avatars', 'user-1/photo.webp')).toBe('/storage/avatars/user-1/photo.webp');

    await storage.delete('avatars', 'user-1/photo.webp');
    expect(fs.existsSync(file)).toBe(false);
    // Deleting what is not there is not an error.
    await storage.delete('avatars', 'user-1/photo.webp');
    expect(await storage.open('avatars', 'user-1/photo.webp')).toBeNull();
    // A folder is not a file.
    expect(await storage.open('avatars', 'user-1')).toBeNull();
  });

  it('deletes by prefix within the bucket only', async () => {
    await storage.put('avatars', 'user-2/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('avatars', 'user-2/logo-b.webp', Buffer.from('b'), 'image/webp');
    await storage.put('avatars', 'user-22/c.webp', Buffer.from('c'), 'image/webp');
    await storage.put('service-images', 'user-2/d.webp', Buffer.from('d'), 'image/webp');

    await storage.deletePrefix('avatars', 'user-2/logo-');
    expect(fs.readdirSync(path.join(root, 'uploads', 'avatars', 'user-2'))).toEqual(['a.webp']);

    await storage.deletePrefix('avatars', 'user-2/');
    expect(fs.existsSync(path.join(root, 'uploads', 'avatars', 'user-2'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'uploads', 'avatars', 'user-22', 'c.webp'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'uploads', 'service-images', 'user-2', 'd.webp'))).toBe(true);
    await storage.deletePrefix('avatars', 'nobody/');

    for (const prefix of ['', '/', '../', '..', 'user-22/../../', '../service-images/']) {
      await expect(storage.deletePrefix('avatars', prefix), prefix).rejects.toThrow();
    }
    expect(fs.existsSync(path.join(root, 'uploads', 'avatars', 'user-22', 'c.webp'))).toBe(true);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours');
  });

  it('reads a key back from the URL it gave, and nothing else', () => {
    expect(keyFromPublicUrl(storage, 'avatars', '/storage/avatars/u/x.webp')).toBe('u/x.webp');
    expect(keyFromPublicUrl(storage, 'avatars', '/storage/service-images/u/x.webp')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', '/storage/avatars/../x.webp')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', 'https://ailleurs.fr/storage/avatars/u/x.webp')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', null)).toBeNull();
  });
});

describe('LocalDiskStorage temporary files', () => {
  it('removes at start-up the half-written files of a killed process, not those of a live one', async () => {
    const own = new LocalDiskStorage(path.join(root, 'sweep'));
    const dir = path.join(root, 'sweep', 'avatars', 'user-9');
    fs.mkdirSync(dir, { recursive: true });
    // A process that has exited: its pid names no running process any more.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const orphan = `.photo.webp.${dead}-a1b2c3.tmp`;
    const live = `.photo.webp.${process.pid}-d4e5f6.tmp`;
    fs.writeFileSync(path.join(dir, orphan), 'half');
    fs.writeFileSync(path.join(dir, live), 'being written');
    fs.writeFileSync(path.join(dir, 'photo.webp'), 'image');

    expect(await own.removeLeftoverTemporaryFiles()).toEqual([path.join('avatars', 'user-9', orphan)]);
    expect(fs.readdirSync(dir).sort()).toEqual([live, 'photo.webp'].sort());
    // A store that has no folder yet has nothing to clean.
    expect(await new LocalDiskStorage(path.join(root, 'absent')).removeLeftoverTemporaryFiles()).toEqual([]);
  });

  it('names its temporary files after its own pid while writing', async () => {
    const own = new LocalDiskStorage(path.join(root, 'pid'));
    const dir = path.join(root, 'pid', 'avatars', 'user-8');
    const seen: string[] = [];
    fs.mkdirSync(dir, { recursive: true });
    const watcher = fs.watch(dir, (_event, name) => {
      if (name) seen.push(name);
    });
    await own.put('avatars', 'user-8/photo.webp', Buffer.alloc(64 * 1024), 'image/webp');
    await new Promise((resolve) => setTimeout(resolve, 50));
    watcher.close();
    expect(seen.some((name) => new RegExp(`^\\.photo\\.webp\\.${process.pid}-[0-9a-f]+\\.tmp$`).test(name))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['photo.webp']);
  });
});
