import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPhotoName } from './photo-names.js';
import type { PhotoStore } from './photo-store.js';

/**
 * Photos in a local folder, served by the app under /photos/ (the default cdn_prefix); private
 * photos' files sit in its `private/` folder, which that route refuses (app.ts).
 */
export class FolderPhotoStore implements PhotoStore {
  readonly kind = 'folder';
  constructor(private readonly dir: string) {}

  /** Absolute path of a stored name; refuses names that would leave the folder. */
  pathOf(name: string): string {
    if (!isPhotoName(name)) throw new Error(`bad photo name: ${name}`);
    return path.join(this.dir, name);
  }

  async put(name: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(name);
    await mkdir(path.dirname(file), { recursive: true });
    // 'wx': never overwrite, names are unique by construction.
    await writeFile(file, data, { flag: 'wx' });
  }

  async read(name: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(name));
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => unlink(this.pathOf(name)).catch(() => undefined)));
  }
}
