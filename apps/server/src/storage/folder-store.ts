import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStore } from './photo-store.js';

/** Photos in a local folder, served by the app under /photos/ (the default cdn_prefix). */
export class FolderPhotoStore implements PhotoStore {
  readonly kind = 'folder';
  constructor(private readonly dir: string) {}

  /** Absolute path of a stored name; refuses names that would leave the folder. */
  pathOf(name: string): string {
    if (name !== path.basename(name) || name.startsWith('.')) throw new Error(`bad photo name: ${name}`);
    return path.join(this.dir, name);
  }

  async put(name: string, data: Buffer, _contentType?: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // 'wx': never overwrite, names are unique by construction.
    await writeFile(this.pathOf(name), data, { flag: 'wx' });
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => unlink(this.pathOf(name)).catch(() => undefined)));
  }
}
