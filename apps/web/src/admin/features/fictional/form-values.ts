import type { AdminFictionalCreateBody, AdminFictionalDetail, AdminFictionalUpdateBody } from '@app/contracts';

/** The editor's values as typed: strings for inputs and selects ('' is "not given"). */
export interface FictionalFormValues {
  name: string;
  status: string;
  gender: string;
  sexuality: string;
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
  reason: string;
  interests: string[];
  description: string;
  persona_note: string;
  niches: number[];
}

/** The optional single-choice attributes (SPEC.md 3), each a select with "not given". */
export const ATTRIBUTE_FIELDS = [
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
] as const;

/** A new profile's starting values in `country`. */
export function emptyValues(country: string): FictionalFormValues {
  return {
    name: '',
    status: 'active',
    gender: 'female',
    sexuality: 'hetero',
    date_of_birth: '',
    country,
    region: '',
    city: '',
    hair_color: '',
    eye_color: '',
    body_type: '',
    relationship_status: '',
    tattoos: '',
    reason: '',
    interests: [],
    description: '',
    persona_note: '',
    niches: [],
  };
}

/** The values of a stored profile. */
export function valuesOf(detail: AdminFictionalDetail): FictionalFormValues {
  const p = detail.profile;
  return {
    name: p.name,
    status: p.status,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.date_of_birth,
    country: p.country,
    region: p.region ?? '',
    city: p.city ?? '',
    hair_color: p.hair_color ?? '',
    eye_color: p.eye_color ?? '',
    body_type: p.body_type ?? '',
    relationship_status: p.relationship_status ?? '',
    tattoos: p.tattoos ?? '',
    reason: p.reason ?? '',
    interests: p.interests,
    description: p.description,
    persona_note: detail.persona.persona_note,
    niches: detail.persona.niches,
  };
}

/** The wire fields of `v` ('' of an optional field is null). */
function wireOf(v: FictionalFormValues) {
  const orNull = (s: string) => (s === '' ? null : s);
  return {
    name: v.name.trim(),
    status: v.status,
    gender: v.gender,
    sexuality: v.sexuality,
    date_of_birth: v.date_of_birth,
    country: v.country,
    region: orNull(v.region),
    city: orNull(v.city.trim()),
    hair_color: orNull(v.hair_color),
    eye_color: orNull(v.eye_color),
    body_type: orNull(v.body_type),
    relationship_status: orNull(v.relationship_status),
    tattoos: orNull(v.tattoos),
    reason: orNull(v.reason),
    interests: v.interests,
    description: v.description,
    persona_note: v.persona_note,
    niches: v.niches,
  } as Omit<AdminFictionalCreateBody, 'site_id'>;
}

/** The body of POST /api/admin/fictional-profile.php for site `siteId`. */
export function createBody(siteId: number, v: FictionalFormValues): AdminFictionalCreateBody {
  return { site_id: siteId, ...wireOf(v) };
}

/** The body of PUT /api/admin/fictional-profile.php: only the fields that differ from `before`. */
export function updateBody(id: number, before: FictionalFormValues, v: FictionalFormValues): AdminFictionalUpdateBody {
  const was = wireOf(before) as Record<string, unknown>;
  const now = wireOf(v) as Record<string, unknown>;
  const changed = Object.keys(now).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(was[k]));
  return { id, ...Object.fromEntries(changed.map((k) => [k, now[k]])) } as AdminFictionalUpdateBody;
}
