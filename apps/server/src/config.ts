import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file so commands work from any folder. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runtime configuration, read once from the environment. README lists every variable. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database and of stored photos. */
  dataDir: string;
  /** Folder photos are stored in (served under the site's cdn_prefix). */
  photoDir: string;
  /** Built web client served by the server. */
  webDist: string;
  isProduction: boolean;
  logLevel: string;
  /** Trust X-Forwarded-* headers (behind a reverse proxy that terminates HTTPS). */
  trustProxy: boolean;
  /** Members made by the demo seed on first start. */
  seedMembers: number;
  /** Skip seeding on an empty database. */
  noSeed: boolean;
}

/** Reads the Config from `env` (defaults: PORT 3000, HOST 0.0.0.0, DATA_DIR ./data). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    photoDir: path.resolve(env.PHOTO_DIR ?? path.join(dataDir, 'photos')),
    webDist: path.resolve(env.WEB_DIST ?? path.join(ROOT_DIR, 'apps/web/dist')),
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedMembers: Number(env.SEED_MEMBERS ?? 600),
    noSeed: env.NO_SEED === '1',
  };
}
