import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from './helpers/database.js';
import { loginAs } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

type Gender = 'male' | 'female';
type Card = { id: number; name: string; age: number; gender: Gender };
type Who = { gender: Gender; sexuality: string; age: number };

/** The six orientations of docs/matching.md and the (gender, sexuality) pairs that fit each. */
const ORIENTATIONS: { label: string; gender: Gender; sexuality: string; fits: string[] }[] = [
  { label: 'straight man', gender: 'male', sexuality: 'hetero', fits: ['female/hetero', 'female/bi'] },
  { label: 'straight woman', gender: 'female', sexuality: 'hetero', fits: ['male/hetero', 'male/bi'] },
  { label: 'gay man', gender: 'male', sexuality: 'gay', fits: ['male/gay', 'male/bi'] },
  { label: 'lesbian woman', gender: 'female', sexuality: 'lesbian', fits: ['female/lesbian', 'female/bi'] },
  {
    label: 'bi man',
    gender: 'male',
    sexuality: 'bi',
    fits: ['female/hetero', 'female/bi', 'male/gay', 'male/bi'],
  },
  {
    label: 'bi woman',
    gender: 'female',
    sexuality: 'bi',
    fits: ['male/hetero', 'male/bi', 'female/lesbian', 'female/bi'],
  },
];
const SEXUALITIES: Record<Gender, string[]> = { male: ['hetero', 'gay', 'bi'], female: ['hetero', 'lesbian', 'bi'] };
/** The members are 34: the default range is 26..42, so 25 and 43 fall just outside. */
const OWN_AGE = 34;
const AGES = [25, 26, 34, 42, 43];
const IN_RANGE = (age: number) => age >= OWN_AGE - 8 && age <= OWN_AGE + 8;

describe.each(dbKinds())('matching follows the member’s preferences on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  /** Every profile of the site by id: gender, sexuality and age. */
  const who = new Map<number, Who>();
  const members = new Map<string, Awaited<ReturnType<typeof createMember>>>();
  /** A candidate of each gender, sexuality and age, by name `${gender}/${sexuality}/${age}`. */
  const candidates = new Map<string, number>();

  const key = (card: Card) => {
    const w = who.get(card.id);
    if (!w) throw new Error(`unknown profile ${card.id}`);
    return `${w.gender}/${w.sexuality}`;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    siteId = (await createSite(db, { is_default: true })).id;
    for (const gender of ['male', 'female'] as const) {
      for (const sexuality of SEXUALITIES[gender]) {
        for (const age of AGES) {
          const name = `${gender}/${sexuality}/${age}`;
          const p = await createProfile(db, siteId, { name, gender, sexuality, age });
          who.set(p.id, { gender, sexuality, age });
          candidates.set(name, p.id);
        }
      }
    }
    for (const o of ORIENTATIONS) {
      const m = await createMember(db, siteId, {
        profile: { name: o.label, gender: o.gender, sexuality: o.sexuality, age: OWN_AGE },
      });
      who.set(m.profile.id, { gender: o.gender, sexuality: o.sexuality, age: OWN_AGE });
      members.set(o.label, m);
    }
  });
  afterAll(() => server.close());

  describe.each(ORIENTATIONS)('a $label', (o) => {
    it('gets a default search of mutually fitting members within own age ±8', async () => {
      const b = await loginAs(server, members.get(o.label)!);
      const res = await b.get('/api/search.php?per_page=60');
      expect(res.status).toBe(200);
      const cards: Card[] = res.json.results;
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(o.fits, card.name).toContain(key(card));
        expect(IN_RANGE(card.age), `${card.name} is ${card.age}`).toBe(true);
      }
      // Every fitting candidate within the range is found, none outside it.
      const names = cards.map((c) => c.name);
      for (const fit of o.fits) {
        for (const age of AGES) {
          if (IN_RANGE(age)) expect(names).toContain(`${fit}/${age}`);
          else expect(names).not.toContain(`${fit}/${age}`);
        }
      }
      expect(res.json.numResults).toBe(cards.length);
    });

    it('shows related profiles on a profile by the same rule', async () => {
      const b = await loginAs(server, members.get(o.label)!);
      // Any profile, also one that does not fit (here: a hetero man of 60 would not; use the 43-year-olds).
      for (const viewed of [candidates.get('male/hetero/43')!, candidates.get('female/lesbian/25')!]) {
        const res = await b.get(`/api/profile.php?id=${viewed}`);
        expect(res.status).toBe(200);
        const related: Card[] = res.json.related;
        expect(related.length).toBeGreaterThan(0);
        for (const card of related) {
          expect(o.fits, card.name).toContain(key(card));
          expect(IN_RANGE(card.age), `${card.name} is ${card.age}`).toBe(true);
        }
      }
    });

    it('lets an explicit filter override the defaults', async () => {
      const b = await loginAs(server, members.get(o.label)!);
      const other: Gender = o.gender === 'male' ? 'female' : 'male';
      // Explicit ages: outside the default range, still mutually fitting.
      const ages = (await b.get('/api/search.php?min_age=43&max_age=60&per_page=60')).json.results as Card[];
      expect(ages.length).toBeGreaterThan(0);
      for (const card of ages) {
        expect(card.age).toBeGreaterThanOrEqual(43);
        expect(o.fits).toContain(key(card));
      }
      // Explicit "any gender, any age": both genders, every age, those interested in the member's gender.
      const any = (await b.get('/api/search.php?explicit=1&per_page=60')).json.results as Card[];
      const names = any.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining([`${other}/bi/25`, `${o.gender}/bi/43`]));
      for (const card of any) {
        const w = who.get(card.id)!;
        const interested = w.sexuality === 'bi' || (w.sexuality === 'hetero') === (w.gender !== o.gender);
        expect(interested, card.name).toBe(true);
      }
      // An explicit gender, even one the member does not look for by default.
      const same = (await b.get(`/api/search.php?gender=${o.gender}&per_page=60`)).json.results as Card[];
      expect(same.map((c) => c.name)).toContain(`${o.gender}/bi/26`);
      for (const card of same) {
        expect(card.gender).toBe(o.gender);
        expect(IN_RANGE(card.age)).toBe(true);
      }
    });
  });

  it('keeps the swipe game and the match finder to fitting members', async () => {
    for (const label of ['gay man', 'straight woman']) {
      const o = ORIENTATIONS.find((x) => x.label === label)!;
      const b = await loginAs(server, members.get(label)!);
      const state = (await b.get('/api/swipe-game.php')).json;
      expect(state.card).not.toBeNull();
      expect(o.fits).toContain(key(state.card));
      expect(IN_RANGE(state.card.age)).toBe(true);
      const finder = (await b.get('/api/match-finder.php')).json;
      expect(finder.preferences).toMatchObject({ min_age: 26, max_age: 42 });
      expect(finder.results.length).toBeGreaterThan(0);
      for (const r of finder.results as { profile: Card }[]) {
        expect(o.fits, r.profile.name).toContain(key(r.profile));
        expect(IN_RANGE(r.profile.age)).toBe(true);
      }
    }
  });

  it('keeps the old defaults for visitors: every gender and age', async () => {
    const visitor = new Browser(server.url);
    const res = await visitor.get('/api/search.php?per_page=60');
    expect(res.status).toBe(200);
    const cards: Card[] = res.json.results;
    expect(new Set(cards.map((c) => c.gender))).toEqual(new Set(['male', 'female']));
    expect(cards.map((c) => c.name)).toEqual(expect.arrayContaining(['male/hetero/25', 'female/lesbian/43']));
    const view = (await visitor.get(`/api/profile.php?id=${candidates.get('male/gay/34')}`)).json;
    expect(view.related.every((c: Card) => c.gender === 'male')).toBe(true);
  });
});
