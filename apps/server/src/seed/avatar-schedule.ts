/**
 * Which picture files each seeded profile's photos use, rendered in the background so the database
 * inserts of early members overlap with the rendering of later ones.
 */
import { type AvatarFiles, copyAvatarSet, startPool, writeAvatarSet } from './avatar.js';
import type { ProfilePlan } from './members.js';

/** Pictures per gender and hair colour in a large run's pool (13 looks: ~290 pictures). */
const POOL_PER_LOOK = 22;
/** Images rendered at once: with one libvips thread each, enough to keep two cores busy. */
const RENDER_CONCURRENCY = 4;

/**
 * Starts rendering every profile's pictures in the background and returns a lookup by profile index.
 * Small runs get one picture set per photo (same person, different background and clothes); large runs
 * render a pool per gender and hair colour first and hand out pool entries.
 */
export async function scheduleAvatars(
  all: ProfilePlan[],
  dir: string,
  large: boolean,
  log: (msg: string) => void,
): Promise<(index: number) => Promise<AvatarFiles[]>> {
  if (large) {
    const looks = [...new Map(all.map((p) => [`${p.look.gender}/${p.look.hair_color}`, p.look])).entries()];
    const pool = await Promise.all(
      startPool(looks.length * POOL_PER_LOOK, RENDER_CONCURRENCY, (i) => {
        const look = looks[Math.floor(i / POOL_PER_LOOK)]?.[1] ?? { gender: 'female', hair_color: 'brown' };
        // Pool pictures are shared by many members, so they carry no initials.
        return writeAvatarSet(dir, 7919 * (i + 1), { ...look, initials: undefined, variant: i % 3 });
      }),
    );
    log(`rendered a pool of ${pool.length} pictures`);
    const slot = new Map(looks.map(([key], i) => [key, i]));
    return async (index) => {
      const p = all[index];
      if (!p) throw new Error(`no profile ${index}`);
      const base = (slot.get(`${p.look.gender}/${p.look.hair_color}`) ?? 0) * POOL_PER_LOOK;
      return Promise.all(
        p.photos.map((ph) => {
          const shared = pool[base + ((p.personSeed + ph.variant) % POOL_PER_LOOK)] as AvatarFiles;
          // A private photo never shares files with public ones: it gets its own copies.
          return ph.is_private ? copyAvatarSet(dir, shared) : shared;
        }),
      );
    };
  }
  const jobs = all.flatMap((p, profile) =>
    p.photos.map((ph) => ({ profile, p, variant: ph.variant, isPrivate: ph.is_private })),
  );
  const rendered = startPool(jobs.length, RENDER_CONCURRENCY, (i) => {
    const job = jobs[i];
    if (!job) throw new Error(`no render job ${i}`);
    return writeAvatarSet(dir, job.p.personSeed, { ...job.p.look, variant: job.variant }, job.isPrivate);
  });
  const byProfile: Promise<AvatarFiles>[][] = all.map(() => []);
  jobs.forEach((job, i) => {
    byProfile[job.profile]?.push(rendered[i] as Promise<AvatarFiles>);
  });
  return (index) => Promise.all(byProfile[index] ?? []);
}
