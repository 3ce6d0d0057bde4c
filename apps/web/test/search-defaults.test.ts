import type { User } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  readRememberedFilter,
  rememberFilter,
  resolveSearch,
  searchFilterKey,
} from '../src/features/members/use-search-defaults';

const today = new Date('2026-11-23T12:00:00Z');
const member = (gender: string, sexuality: string) =>
  ({ id: 7, profile: { gender, sexuality, date_of_birth: '1992-01-01' } }) as unknown as Pick<User, 'id' | 'profile'>;

describe('search defaults (docs/matching.md)', () => {
  beforeEach(() => localStorage.clear());

  it('shows a member their defaults and lets the server apply them', () => {
    const r = resolveSearch(new URLSearchParams(), member('male', 'hetero'), null, today);
    expect(r.form).toEqual({ gender: 'female', min_age: 26, max_age: 42, page: 1 });
    expect(r.query.explicit).toBeUndefined();
    expect(r.query.gender).toBeUndefined();
    const bi = resolveSearch(new URLSearchParams(), member('female', 'bi'), null, today);
    expect(bi.form.gender).toBeUndefined();
  });

  it('keeps visitors on every gender and age', () => {
    const r = resolveSearch(new URLSearchParams(), null, null, today);
    expect(r.form).toEqual(r.query);
    expect(r.form.gender).toBeUndefined();
    expect(r.form.min_age).toBeUndefined();
  });

  it('uses filters in the URL, else the remembered filter, explicitly', () => {
    const url = resolveSearch(new URLSearchParams('gender=male&page=2'), member('male', 'hetero'), null, today);
    expect(url.query).toMatchObject({ gender: 'male', page: 2, explicit: '1' });
    rememberFilter(7, { page: 3, country: 'NL' });
    expect(localStorage.getItem(searchFilterKey(7))).toBe('{"country":"NL"}');
    const saved = readRememberedFilter(7);
    const r = resolveSearch(new URLSearchParams(), member('male', 'hetero'), saved, today);
    expect(r.form).toEqual({ country: 'NL', page: 1 });
    expect(r.query).toEqual({ country: 'NL', page: 1, explicit: '1' });
    expect(readRememberedFilter(8)).toBeNull();
  });
});
