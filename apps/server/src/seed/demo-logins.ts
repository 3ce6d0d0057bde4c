/**
 * The two fixed accounts the README and the e2e tests log in with: a free member (Amsterdam, man
 * looking for women, ~35) and a premium member (Rotterdam, woman). Every seeded member shares their
 * password, so any seeded e-mail address works for manual testing too.
 */
import { moneyCalls } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { creditLedger, creditPackages, payments, testProviderPayments, users } from '../db/schema.js';
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
/** Credits of the demo shop package premium@example.com bought (seed/money.ts DEMO_PACKAGES). */
const DEMO_PURCHASE_CREDITS = 150;
/** The premium demo login. */
const PREMIUM_EMAIL = 'premium@example.com';

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
  // The last DEMO_PURCHASE_CREDITS are a real paid payment (seedDemoPayment); anything above is older history.
  const bought = Math.min(o.purchase, DEMO_PURCHASE_CREDITS);
  if (o.purchase > bought) {
    plan.ledger.push({
      delta: o.purchase - bought,
      reason: 'seed_purchase',
      created_at: new Date(signup.getTime() + DAY / 2),
    });
  }
  if (bought > 0) plan.ledger.push({ delta: bought, reason: 'purchase', created_at: new Date(signup.getTime() + DAY) });
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
 * premium@example.com (paid_user, 250 credits: the signup credits, older purchases and a paid payment of the
 * 150-credit package whose row seedDemoPayment adds once the shop exists).
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
    email: PREMIUM_EMAIL,
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
    { plan: premium, login: { email: PREMIUM_EMAIL, password: DEMO_PASSWORD, kind: 'premium member' } },
  ];
}

/**
 * Gives premium@example.com's `purchase` ledger row its payment (SPEC.md 2 /transactions, invoice,
 * repeat order): a paid iDEAL payment of the site's 150-credit package through the test provider
 * (with the provider's own record, so a refund works), referenced as `payment:<id>`. Call after
 * seedMoney; does nothing when the member or package is missing.
 */
export async function seedDemoPayment(db: Db, siteId: number): Promise<void> {
  const [bought] = await db
    .select({ userId: users.id, ledgerId: creditLedger.id, at: creditLedger.created_at })
    .from(users)
    .innerJoin(creditLedger, and(eq(creditLedger.user_id, users.id), eq(creditLedger.reason, 'purchase')))
    .where(and(eq(users.site_id, siteId), eq(users.email, PREMIUM_EMAIL)));
  const [pkg] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.site_id, siteId), eq(creditPackages.credits, DEMO_PURCHASE_CREDITS)));
  if (!bought || !pkg) return;
  await db.transaction(async (tx) => {
    const providerId = `tst_demo_${bought.userId}`;
    await tx.insert(testProviderPayments).values({
      id: providerId,
      amount_cents: pkg.price_cents,
      currency: pkg.currency,
      description: `${pkg.credits} credits`,
      method: 'ideal',
      status: 'paid',
      redirect_url: `/credits/${pkg.id}/ideal`,
      webhook_url: moneyCalls.paymentWebhook.path,
      created_at: bought.at,
      updated_at: bought.at,
    });
    const [payment] = await tx
      .insert(payments)
      .values({
        site_id: siteId,
        user_id: bought.userId,
        package_id: pkg.id,
        credits: pkg.credits,
        amount_cents: pkg.price_cents,
        original_cents: pkg.price_cents,
        currency: pkg.currency,
        method: 'ideal',
        provider: 'test',
        provider_payment_id: providerId,
        status: 'paid',
        created_at: bought.at,
        updated_at: bought.at,
        paid_at: bought.at,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('demo payment insert returned nothing');
    await tx
      .update(creditLedger)
      .set({ reference: `payment:${payment.id}` })
      .where(eq(creditLedger.id, bought.ledgerId));
  });
}
