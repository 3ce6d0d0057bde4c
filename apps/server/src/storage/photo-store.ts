/**
 * Where photo files live. Names are random and unguessable (`<uuid>.jpg`); the public URL of a
 * public photo's file is the site's cdn_prefix plus its name (SPEC.md 3 main_image). Private photos'
 * files are named `private/<uuid>.jpg` and are only served through GET /api/private-photo.php to
 * members allowed to see them. Files never change once written, so public ones can be cached for ever.
 */
export interface PhotoStore {
  /** Short name for logs and the CLI: 'folder' or 's3'. */
  readonly kind: string;
  /** Writes one file. @throws when the store refuses it */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Reads one file; null when it does not exist. */
  read(name: string): Promise<Buffer | null>;
  /** Removes files; missing ones are ignored. */
  remove(names: string[]): Promise<void>;
}
