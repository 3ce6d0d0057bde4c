/**
 * The two fixed accounts the README and the e2e tests log in with: a free member (Amsterdam, man
 * looking for women, ~35) and a premium member (Rotterdam, woman). Every seeded member shares their
 * password, so any seeded e-mail address works for manual testing too.
 */
import { CITIES, type City } from './data/cities.js';
import { birthDateFor, type MemberPlan, planMember } from './members.js';
import { mulberry32 } from './random.js';

/** Password of every seeded account (demo data only). */
export const DEMO_PASSWORD = 'demo1234';

/** A demo account as printed after seeding. */
export interface DemoLogin {
  email: string;
  password: string;
  kind: string;
}

const DAY = 86_400_000;

function city(name: string): City {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`seed city ${name} missing`);
  return found;
}

/** Turns a random member into a fixed demo account; the random parts left (interests, eyes) do not matter. */
function fixed(
  plan: MemberPlan,
  o: {
    email: string;
    name: string;
    gender: 'male' | 'female';
    age: number;
    city: City;
    hair: 'brown' | 'blonde';
    purchase: number;
    description: string;
    now: Date;
  },
): MemberPlan {
  const signup = new Date(o.now.getTime() - 10 * DAY);
  const active = new Date(o.now.getTime() - DAY);
  const signupCredits = plan.ledger[0]?.delta ?? 0;
  plan.ledger = [{ delta: signupCredits, reason: 'signup_credits', created_at: signup }];
  if (o.purchase > 0) {
    plan.ledger.push({ delta: o.purchase, reason: 'seed_purchase', created_at: new Date(signup.getTime() + DAY) });
  }
  plan.user = {
    email: o.email,
    status: 'confirmed',
    credits: signupCredits + o.purchase,
    paid_user: o.purchase > 0,
    language: 'nl',
    signup_date: signup,
    last_active_at: active,
  };
  plan.profile.values = {
    ...plan.profile.values,
    name: o.name,
    gender: o.gender,
    sexuality: 'hetero',
    status: 'active',
    date_of_birth: birthDateFor(o.age, o.now, mulberry32(o.age)),
    country: o.city.country,
    region: o.city.region,
    city: o.city.name,
    latitude: o.city.lat,
    longitude: o.city.lon,
    hair_color: o.hair,
    relationship_status: 'single',
    reason: 'dating',
    description: o.description,
    created_at: signup,
    last_active_at: active,
  };
  plan.profile.firstName = o.name;
  plan.profile.look = { gender: o.gender, hair_color: o.hair, initials: o.name.slice(0, 1) };
  plan.profile.photos = [
    { position: 0, is_private: false, variant: 0 },
    { position: 1, is_private: false, variant: 1 },
  ];
  return plan;
}

/**
 * Plans of the demo accounts with their logins: demo@example.com (free, `signupCredits` credits) and
 * premium@example.com (paid_user, 250 credits: the signup credits plus a purchase).
 */
export function planDemoLogins(now: Date, signupCredits: number): { plan: MemberPlan; login: DemoLogin }[] {
  const free = fixed(planMember(mulberry32(101), 0, now, signupCredits), {
    email: 'demo@example.com',
    name: 'Daan',
    gender: 'male',
    age: 35,
    city: city('Amsterdam'),
    hair: 'brown',
    purchase: 0,
    now,
    description:
      'Gewone jongen uit Amsterdam. Ik hou van fietsen langs de grachten, goed eten en lachen. Zeg gerust hoi!',
  });
  const premium = fixed(planMember(mulberry32(202), 0, now, signupCredits), {
    email: 'premium@example.com',
    name: 'Sanne',
    gender: 'female',
    age: 32,
    city: city('Rotterdam'),
    hair: 'blonde',
    purchase: Math.max(0, 250 - signupCredits),
    now,
    description:
      'Rotterdamse met een zwak voor koffie, concerten en de Maas bij zonsondergang. Stuur me een berichtje!',
  });
  return [
    { plan: free, login: { email: 'demo@example.com', password: DEMO_PASSWORD, kind: 'free member' } },
    { plan: premium, login: { email: 'premium@example.com', password: DEMO_PASSWORD, kind: 'premium member' } },
  ];
}
