import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, assertPrefix, type Bucket, isValidKey, type Storage, type StoredObject } from './storage';

/**
 * Files on this machine's disk, under `<root>/<bucket>/<key>` (root: DATA_DIR/uploads), served
 * read-only by storage/serve.ts at `/storage/<bucket>/<key>`.
 */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(
    root: string,
    private readonly urlBase = '/storage',
  ) {
    this.root = path.resolve(root);
  }

  /** The file of an object. Throws for a key that is not valid or would leave its bucket's folder. */
  filePath(bucket: string, key: string): string {
    assertKey(bucket, key);
    return this.inside(bucket, key.split('/'));
  }

  private inside(bucket: Bucket, segments: string[]): string {
    const bucketDir = path.join(this.root, bucket);
    const file = path.resolve(bucketDir, ...segments);
    // The key pattern already forbids `..`; this holds even if that pattern is ever loosened.
    if (!file.startsWith(bucketDir + path.sep))
      throw new Error(`storage key outside its bucket: ${segments.join('/')}`);
    return file;
  }

  async put(bucket: Bucket, key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.filePath(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file. The temporary name starts
    // with a dot, which no key may, so it is never served.
    // The writer's pid is in the name, so a file left by a process killed mid-write is recognised
    // and removed at the next start (removeLeftoverTemporaryFiles).
    const temporary = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await fs.writeFile(temporary, body, { flag: 'wx' });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Removes the temporary files (`.<name>.<pid>-<random>.tmp`) of writes that never finished: the
   * process was killed between writing and renaming. Files of a process still running (another
   * instance on the same disk) are kept. Called at start-up; returns the files removed.
   */
  async removeLeftoverTemporaryFiles(): Promise<string[]> {
    const removed: string[] = [];
    let entries: string[];
    try {
      entries = await fs.readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return removed;
      throw error;
    }
    for (const entry of entries) {
      const match = path.basename(entry).match(/^\..+\.(\d+)-[0-9a-f]+\.tmp$/);
      if (!match || isRunning(Number(match[1]))) continue;
      await fs.rm(path.join(this.root, entry), { force: true });
      removed.push(entry);
    }
    return removed;
  }

  /** Every object of a bucket with its last modification time (for the start-up sweeps). */
  async list(bucket: Bucket): Promise<StoredObject[]> {
    const dir = path.join(this.root, bucket);
    let entries: string[];
    try {
      entries = await fs.readdir(dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const objects: StoredObject[] = [];
    for (const entry of entries) {
      const key = entry.split(path.sep).join('/');
      // Temporary files (a leading dot) are not objects.
      if (!isValidKey(key)) continue;
      const stat = await fs.stat(path.join(dir, entry)).catch(() => null);
      if (stat?.isFile()) objects.push({ key, modifiedAt: stat.mtime });
    }
    return objects;
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await fs.rm(this.filePath(bucket, key), { force: true });
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<void> {
    assertPrefix(bucket, prefix);
    if (prefix.endsWith('/')) {
      await fs.rm(this.inside(bucket, prefix.slice(0, -1).split('/')), { recursive: true, force: true });
      return;
    }
    // `<userId>/logo-`: the entries of `<userId>/` whose name starts with `logo-`.
    const segments = prefix.split('/');
    const namePrefix = segments.pop() ?? '';
    const dir = segments.length > 0 ? this.inside(bucket, segments) : path.join(this.root, bucket);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(
      names
        .filter((name) => name.startsWith(namePrefix))
        .map((name) => fs.rm(path.join(dir, name), { recursive: true, force: true })),
    );
  }

  publicUrl(bucket: Bucket, key: string): string {
    return `${this.urlBase}/${bucket}/${key}`;
  }

  /** An open handle on an object for the serve route, or null when there is no such object. */
  async open(bucket: string, key: string): Promise<{ handle: fs.FileHandle; size: number } | null> {
    let file: string;
    try {
      file = this.filePath(bucket, key);
    } catch {
      return null;
    }
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: stat.size };
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
