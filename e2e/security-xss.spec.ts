import type { APIRequestContext, APIResponse, Browser, Locator, Page } from '@playwright/test';
import { mailedLink, STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { expect as baseExpect, test } from './fixtures';
import { payloadEmail, STORED_XSS_PAYLOADS, XSS_PAYLOADS, type XssPayload } from './xss-payloads';

/**
 * Stored XSS: script payloads written into every text a member can write (profile name, about me,
 * city, chat messages, signup message, tracking values, complaint text, direct-debit holder/street/city,
 * a typed discount code, reflected search and chat parameters, an email address) must render as text
 * on every screen that shows them, for the author, for another member and for a visitor.
 *
 * Each browser context bypasses the Content-Security-Policy on purpose: the CSP is a second line of
 * defence, and this test checks the first one (the rendering never turns member text into markup). On
 * every screen it checks that the payload text is shown as text, that no script ran (window.__xss,
 * alert/confirm/prompt hooks, Playwright dialogs) and that the DOM holds no element or attribute a payload
 * would create (event-handler attributes, javascript: URLs, script text, srcdoc).
 */

const CLIENT = { 'x-request-type': 'client' };
/** Generous waits: the spec renders about 200 screens and must not flake on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 20_000 });
/** A valid Dutch test IBAN (ABN AMRO's documentation example). */
const TEST_IBAN = 'NL91ABNA0417164300';
/**
 * Authors of one run share an age of 90 to 99 nobody of the seed or the other journeys has, so one
 * search page (`min_age=max_age`) lists them all; a retry most likely picks another age.
 */
const AUTHOR_AGE = 90 + Math.floor(Math.random() * 10);
const AUTHOR_BIRTH = `${new Date().getFullYear() - AUTHOR_AGE}-01-01`;
const AUTHOR_SEARCH = `/members?min_age=${AUTHOR_AGE}&max_age=${AUTHOR_AGE}`;

/** Runs in every frame before the page's scripts: records the flag being set and alert/confirm/prompt calls. */
function installXssTraps() {
  const w = window as unknown as Record<string, unknown>;
  const record = (what: string) => {
    const entry = `${what} @ ${location.href}`;
    (w.__xssHits as string[] | undefined)?.push(entry);
    try {
      const kept = JSON.parse(sessionStorage.getItem('xss-hits') ?? '[]') as string[];
      kept.push(entry);
      sessionStorage.setItem('xss-hits', JSON.stringify(kept));
    } catch {
      // opaque origins (srcdoc frames) have no storage; the in-memory list still has it
    }
  };
  w.__xssHits = [];
  let flag: unknown;
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get: () => flag,
    set: (value: unknown) => {
      flag = value;
      record(`window.__xss=${String(value)}`);
    },
  });
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    w[name] = (message?: unknown) => {
      record(`${name}(${String(message)})`);
      return name === 'confirm' ? false : null;
    };
  }
  // Only reported where the CSP is enforced (not in these contexts): an inline script the CSP had to block.
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      if (e.violatedDirective.startsWith('script-src') && e.blockedURI === 'inline') {
        record(`CSP blocked an inline script (${e.violatedDirective})`);
      }
    },
    true,
  );
}

/** What a payload would leave in the DOM had it been rendered as markup; empty when the page is clean. */
function scanDomForPayloads(): string[] {
  const found: string[] = [];
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background']);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' && (el.textContent ?? '').includes('__xss')) found.push(`<script>${el.textContent}`);
    if (tag === 'iframe' || tag === 'object' || tag === 'embed') found.push(`<${tag}> element`); // the client has none
    if (tag === 'img' && el.getAttribute('src') === 'x') found.push('<img src=x>');
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') && attr.value.includes('__xss')) found.push(`<${tag} ${name}="${attr.value}">`);
      if (name === 'srcdoc') found.push(`<${tag} srcdoc="${attr.value}">`);
      if (urlAttributes.has(name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value)) {
        found.push(`<${tag} ${name}="${attr.value}">`);
      }
    }
  }
  return found;
}

/** Counts of what the test checked, printed once at the end. */
const tally = { renders: 0, screens: new Set<string>(), payloads: new Set<string>(), refusals: 0 };

/** A browser context of one person: CSP bypassed, traps installed, dialogs recorded. */
interface Person {
  page: Page;
  request: APIRequestContext;
  dialogs: string[];
  /** The page holds the web client (not a server-rendered page such as /dev/outbox). */
  onApp: boolean;
}

async function person(browser: Browser): Promise<Person> {
  const context = await browser.newContext({ locale: 'nl-NL', bypassCSP: true });
  await context.addInitScript(installXssTraps);
  // The site-entry warning (NL/DE visitors) was accepted before; it would cover the signup form.
  await context.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} @ ${page.url()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  return { page, request: page.request, dialogs, onApp: false };
}

/** Screens already loaded in full once; later visits navigate inside the client. */
const loadedScreens = new Set<string>();

/**
 * Opens `path`: the first time a screen is visited (or with `full`, or away from the web client) as a
 * full page load, afterwards through the client's router (history.pushState + popstate, as a link
 * does), which renders the same components without reloading the bundle. The caller then asserts
 * what this screen must show, so content of the previous screen is never taken for it.
 */
async function visit(who: Person, screen: string, path: string, opts: { full?: boolean } = {}): Promise<void> {
  const isApp = !path.startsWith('/dev/');
  if (opts.full || !isApp || !who.onApp || !loadedScreens.has(screen)) {
    await who.page.goto(path);
  } else {
    await who.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  }
  loadedScreens.add(screen);
  who.onApp = isApp;
}

/**
 * After the screen's own assertions (the payloads shown as text): no script ran and no payload markup
 * is in the DOM. Counts one render per payload.
 */
async function checkScreen(who: Person, screen: string, payloads: readonly XssPayload[]): Promise<void> {
  const { page } = who;
  const state = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    let kept: string[] = [];
    try {
      kept = JSON.parse(sessionStorage.getItem('xss-hits') ?? '[]') as string[];
    } catch {
      kept = [];
    }
    return { flag: w.__xss, hits: [...((w.__xssHits as string[] | undefined) ?? []), ...kept] };
  });
  const dom = await page.evaluate(scanDomForPayloads);
  const where = `${screen} (${payloads.map((p) => p.id).join(', ')}) at ${page.url()}`;
  expect(state.flag, `window.__xss after ${where}`).toBeUndefined();
  expect(state.hits, `scripts that ran on ${where}`).toEqual([]);
  expect(who.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(dom, `payload markup in the DOM of ${where}`).toEqual([]);
  if (payloads.length === 0) return;
  tally.renders += payloads.length;
  tally.screens.add(screen);
  for (const p of payloads) tally.payloads.add(p.id);
}

/** Expects `locator` to show `text` as text. */
async function showsText(locator: Locator, text: string): Promise<void> {
  await expect(locator).toContainText(text);
}

/**
 * Waits until every entry of a list (elements with `testId`) that links to `href` shows its `texts`;
 * one poll for the whole list instead of one assertion per entry.
 */
async function listShows(page: Page, testId: string, entries: { href: string; texts: string[] }[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const found = await page.getByTestId(testId).evaluateAll((els) =>
          els.map((el) => ({
            hrefs: Array.from(el.querySelectorAll('a[href]')).map((a) => a.getAttribute('href')),
            text: el.textContent ?? '',
          })),
        );
        return entries
          .filter((e) => !found.some((f) => f.hrefs.includes(e.href) && e.texts.every((t) => f.text.includes(t))))
          .map((e) => e.href);
      },
      { message: `${testId} entries that do not show their payload as text` },
    )
    .toEqual([]);
}

/** The newest SMS code sent to `phone` (development outbox). */
async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(phone)}`);
        const messages = res.ok() ? ((await res.json()) as { text: string }[]) : [];
        code = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '').find(Boolean) ?? '';
        return code;
      },
      { message: `an SMS code to ${phone}`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

/** Signs up and activates through the API in the person's context (which is logged in afterwards). */
async function signUpAndActivate(
  who: Person,
  body: { email: string; name: string; date_of_birth: string } & Record<string, unknown>,
): Promise<{ userId: number; profileId: number }> {
  const res = await who.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { password: STRONG_PASSWORD, ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as { id: number; profile: { id: number; name: string } };
  expect(user.profile.name).toBe(body.name);
  const link = await mailedLink(who.request, body.email, '/activate/done');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const activated = await who.request.post('/api/activate.php', { headers: CLIENT, data: { token } });
  expect(activated.status(), await activated.text()).toBe(200);
  return { userId: user.id, profileId: user.profile.id };
}

interface Author extends Person {
  payload: XssPayload;
  email: string;
  profileId: number;
  conversation: number;
  paymentId: number;
}

test.describe
  .serial('stored XSS: member text renders as text everywhere', () => {
    test.describe.configure({ timeout: 240_000 });
    let viewer: Person;
    let viewerProfile: number;
    let packageId: number;
    let visitor: Person;
    const authors: Author[] = [];

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      viewer = await person(browser);
      visitor = await person(browser);
      ({ profileId: viewerProfile } = await signUpAndActivate(viewer, {
        email: uniqueEmail('xss-viewer'),
        name: 'Xss Kijker',
        date_of_birth: '1984-06-01',
        gender: 'female',
      }));
      const overview = (await (await viewer.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
        packages: { id: number; credits: number }[];
      };
      const found = overview.packages.find((p) => p.credits === 150) ?? overview.packages[0];
      if (!found) throw new Error('the demo shop has no packages');
      packageId = found.id;

      // One author per payload, in parallel: every text field the API takes carries the payload.
      const stamp = Date.now();
      const made = await Promise.all(
        STORED_XSS_PAYLOADS.map(async (payload, i): Promise<Author> => {
          const who = await person(browser);
          const email = payloadEmail(`xss-${i}-${stamp}`);
          const { profileId } = await signUpAndActivate(who, {
            email,
            name: payload.short,
            date_of_birth: AUTHOR_BIRTH,
            signup_message: payload.text,
            tracking: { network: payload.short, ref: payload.short, sub1: payload.text, sub2: payload.text },
          });
          const put = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
            const res = await who.request[method](path, { headers: CLIENT, data });
            expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
            return res.json();
          };
          await put('/api/profile.php', { description: payload.text, city: payload.text }, 'put');
          const sent = await put('/api/message.php', {
            profile: viewerProfile,
            client_id: `xss-${i}-${stamp}`,
            text: payload.text,
          });
          const phone = `06${String(stamp).slice(-6)}${String(i).padStart(2, '0')}`;
          const started = await put('/api/directdebit.php', {
            package: packageId,
            account_holder: payload.text,
            iban: TEST_IBAN,
            street: payload.text,
            house_number: '1',
            zip: '1012 LG',
            city: payload.short,
            phone,
          });
          const otp = await smsCode(who.request, phone);
          const confirmed = await put('/api/directdebit-confirm.php', { mandate: started.mandate, otp });
          return {
            ...who,
            payload,
            email,
            profileId,
            conversation: sent.conversation,
            paymentId: confirmed.payment.payment_id,
          };
        }),
      );
      authors.push(...made);
      // The viewer likes every author, then every author likes back: the viewer gets the match dialogs
      // (author names) and the like modal; the authors' own match dialogs are marked seen so they do not
      // cover the forms the authors fill in below.
      for (const author of authors) {
        const like = await viewer.request.post('/api/like.php', {
          headers: CLIENT,
          data: { profile: author.profileId },
        });
        expect(like.status(), await like.text()).toBe(200);
      }
      for (const author of authors) {
        const like = await author.request.post('/api/like.php', { headers: CLIENT, data: { profile: viewerProfile } });
        expect(like.status(), await like.text()).toBe(200);
        await author.request.post('/api/matches-seen.php', { headers: CLIENT, data: { profile: viewerProfile } });
      }
    });

    test.afterAll(async () => {
      console.log(
        `[security-xss] ${tally.renders} payload×screen renders checked: ${tally.payloads.size} payloads on ` +
          `${tally.screens.size} screens (${[...tally.screens].join(', ')}); ` +
          `${tally.refusals} NUL-byte writes refused without a server error`,
      );
      for (const who of [viewer, visitor, ...authors]) await who?.page.context().close();
    });

    test('a payload with a NUL byte is refused by every write without a server error', async () => {
      const nul = XSS_PAYLOADS.filter((p) => !p.stored);
      for (const payload of nul) {
        const author = authors[0]!;
        const writes: [string, () => Promise<APIResponse>][] = [
          ...(['name', 'signup_message', 'tracking'] as const).map((field): [string, () => Promise<APIResponse>] => [
            `signup ${field}`,
            () =>
              visitor.request.post('/api/signup.php', {
                headers: CLIENT,
                data: {
                  email: uniqueEmail('xss-nul'),
                  name: 'Nul Tester',
                  password: STRONG_PASSWORD,
                  date_of_birth: '1990-01-01',
                  [field]:
                    field === 'tracking' ? { network: payload.short } : field === 'name' ? payload.short : payload.text,
                },
              }),
          ]),
          [
            'profile name',
            () => viewer.request.put('/api/profile.php', { headers: CLIENT, data: { name: payload.short } }),
          ],
          [
            'profile description and city',
            () =>
              viewer.request.put('/api/profile.php', {
                headers: CLIENT,
                data: { description: payload.text, city: payload.text },
              }),
          ],
          [
            'chat message',
            () =>
              author.request.post('/api/message.php', {
                headers: CLIENT,
                data: { profile: viewerProfile, client_id: `xss-nul-${Date.now()}`, text: payload.text },
              }),
          ],
          [
            'complaint',
            () =>
              viewer.request.post('/api/complaints.php', {
                headers: CLIENT,
                data: { topic: 'other', text: payload.text },
              }),
          ],
          [
            'direct debit',
            () =>
              viewer.request.post('/api/directdebit.php', {
                headers: CLIENT,
                data: {
                  package: packageId,
                  account_holder: payload.text,
                  iban: TEST_IBAN,
                  street: payload.text,
                  house_number: '1',
                  zip: '1012 LG',
                  city: payload.short,
                  phone: '0612345678',
                },
              }),
          ],
          [
            'discount code',
            () =>
              viewer.request.get(`/api/discountcode.php?code=${encodeURIComponent(payload.short)}`, {
                headers: CLIENT,
              }),
          ],
          [
            'search country',
            () =>
              viewer.request.get(`/api/search.php?country=${encodeURIComponent(payload.short)}`, { headers: CLIENT }),
          ],
        ];
        for (const [what, write] of writes) {
          const res = await write();
          const status = res.status();
          expect(status, `${what} with ${payload.id}: ${await res.text()}`).toBeGreaterThanOrEqual(400);
          expect(status, `${what} with ${payload.id}: ${await res.text()}`).toBeLessThan(500);
          tally.refusals += 1;
        }
      }
      // Nothing of it was stored: the viewer's profile still renders clean.
      await visit(viewer, 'own profile after NUL writes', `/members/${viewerProfile}`);
      await expect(viewer.page.getByTestId('profile-name')).toHaveText('Xss Kijker');
      await checkScreen(viewer, 'own profile after NUL writes', []);
    });

    test('another member sees every payload as text: search, likes, chats, profiles and conversations', async () => {
      const { page } = viewer;
      const all = authors.map((a) => a.payload);
      /** The author whose name `text` holds (the longest name wins: one name can hold another). */
      const authorIn = (text: string) =>
        authors
          .filter((a) => text.includes(a.payload.short))
          .sort((x, y) => y.payload.short.length - x.payload.short.length)[0];

      // ?t=0 opens the like modal (a member who liked the viewer); the matches the authors made open the
      // match dialog.
      await visit(viewer, 'search /members', `${AUTHOR_SEARCH}&t=0`);
      for (const [testId, screen] of [
        ['like-modal', 'like modal'],
        ['match-dialog', 'match dialog'],
      ] as const) {
        const dialog = page.getByTestId(testId);
        await expect(dialog).toBeVisible();
        const shown = authorIn((await dialog.textContent()) ?? '');
        expect(shown, `${screen} shows an author's name`).toBeDefined();
        await showsText(dialog, shown!.payload.short);
        await checkScreen(viewer, screen, [shown!.payload]);
      }
      await listShows(
        page,
        'member-card',
        authors.map((a) => ({ href: `/members/${a.profileId}`, texts: [a.payload.short, a.payload.text] })), // name, city
      );
      await checkScreen(viewer, 'search /members', all);

      for (const [path, screen] of [
        ['/likes', 'likes received /likes'],
        ['/likes/mutual', 'likes mutual /likes/mutual'],
      ] as const) {
        await visit(viewer, screen, path, { full: true });
        const entries = authors.map((a) => ({ href: `/likes/m/${a.profileId}`, texts: [a.payload.short] }));
        await listShows(page, 'like-item', entries);
        await checkScreen(viewer, screen, all);
      }

      await visit(viewer, 'chat list /chats', '/chats');
      await listShows(
        page,
        'chat-row',
        authors.map((a) => ({ href: `/chats/${a.conversation}`, texts: [a.payload.short, a.payload.text] })), // name, preview
      );
      await checkScreen(viewer, 'chat list /chats', all);

      // Profile and conversation screens alternate, so no screen can pass on the previous one's content.
      for (const a of authors) {
        for (const [path, screen, kind] of [
          [`/members/${a.profileId}`, 'profile /members/{id}', 'profile'],
          [`/chats/${a.conversation}`, 'conversation /chats/{id}', 'chat'],
          [`/likes/m/${a.profileId}`, 'profile /likes/m/{id}', 'profile'],
          [`/members/${a.profileId}/chat`, 'conversation /members/{id}/chat', 'chat'],
        ] as const) {
          await visit(viewer, screen, path);
          if (kind === 'profile') {
            await expect(page.getByTestId('profile-name')).toHaveText(a.payload.short);
            await expect(page.locator('#about-heading')).toHaveText(`Over ${a.payload.short}`);
            await showsText(page.locator('.profile-description'), a.payload.text);
            await showsText(page.locator('.profile-header'), a.payload.text); // the city
          } else {
            await expect(page.getByTestId('chat-profile-name')).toHaveText(a.payload.short);
            await showsText(page.getByTestId('chat-message').last(), a.payload.text);
          }
          await checkScreen(viewer, screen, [a.payload]);
        }
      }
    });

    test('a visitor sees the names on the signup-from-profile page and signs up with payloads', async () => {
      const { page } = visitor;
      const screen = 'signup from a profile /members/{id}/signup';
      for (const a of authors) {
        await visit(visitor, screen, `/members/${a.profileId}/signup`);
        await expect(page.getByTestId('signup-message-step').locator('h3')).toHaveText(
          `Stuur ${a.payload.short} een bericht`,
        );
        await checkScreen(visitor, screen, [a.payload]);
      }

      // Through the UI: tracking values in the arrival URL, the first message and the profile name typed.
      const [first, second] = [authors[0]!.payload, authors[1]!.payload];
      const email = payloadEmail(`xss-ui-${Date.now()}`);
      const tracking = new URLSearchParams({ network: first.short, ref: first.short, sub1: first.text });
      await visit(visitor, 'signup form', `/members/${authors[0]!.profileId}/signup?${tracking}`, { full: true });
      await page.locator('#signup-message').fill(first.text);
      await expect(page.locator('#signup-message')).toHaveValue(first.text);
      await page.getByTestId('signup-message-step').getByRole('button').click();
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByLabel('Profielnaam').fill(second.short);
      await page.getByLabel('Wachtwoord', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Dag').selectOption('12');
      await page.getByLabel('Maand').selectOption('4');
      await page.getByLabel('Jaar').selectOption('1985');
      await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
      await expect(page.getByText(/Stap 1 van \d/)).toBeVisible();
      await checkScreen(visitor, 'signup form (typed name and first message)', [first, second]);
      const exported = await page.request.get('/api/export.php', { headers: CLIENT });
      expect(exported.headers()['content-type']).toMatch(/^application\/json/);
      const data = (await exported.json()) as {
        account: { email: string; signup_message: string };
        tracking: Record<string, string> | null;
        profile: { name?: string } | null;
      };
      expect(data.account).toMatchObject({ email, signup_message: first.text });
      expect(data.tracking).toMatchObject({ network: first.short, ref: first.short, sub1: first.text });
      expect(data.profile?.name).toBe(second.short);
    });

    test('each author sees the own payloads as text on the own screens, and typed ones go through the UI', async () => {
      // Two authors at a time: each has a browser context of its own, and the machine has two cores.
      const lanes = [authors.filter((_, i) => i % 2 === 0), authors.filter((_, i) => i % 2 === 1)];
      await Promise.all(lanes.map((lane) => authorScreens(lane)));
    });

    /** The screens of each author in turn. */
    async function authorScreens(lane: Author[]): Promise<void> {
      for (const a of lane) {
        const { page, payload } = a;
        const menu = page.getByTestId('nav-user-menu');

        await visit(a, 'profile edit /profile', '/profile');
        const form = page.getByTestId('profile-form');
        await expect
          .poll(() =>
            form.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
          )
          .toEqual(expect.arrayContaining([payload.short, payload.text]));
        await showsText(menu, payload.short);
        await checkScreen(a, 'profile edit /profile', [payload]);

        await visit(a, 'own profile /members/{id}', `/members/${a.profileId}`);
        await expect(page.getByTestId('profile-name')).toHaveText(payload.short);
        await showsText(page.locator('.profile-description'), payload.text);
        await checkScreen(a, 'own profile /members/{id}', [payload]);

        // ?text= fills the message field; the member sends it from the UI.
        const chat = 'chat with ?text= /members/{id}/chat';
        await visit(a, chat, `/members/${viewerProfile}/chat?text=${encodeURIComponent(payload.text)}`);
        await expect(page.getByTestId('chat-input')).toHaveValue(payload.text);
        await page.getByRole('button', { name: 'Versturen', exact: true }).click();
        await expect(page.getByTestId('chat-input')).toHaveValue('');
        await expect(page.getByTestId('chat-message')).toHaveCount(2);
        await showsText(page.getByTestId('chat-message').last(), payload.text);
        await checkScreen(a, chat, [payload]);

        await visit(a, 'chat list /chats (author)', '/chats');
        await showsText(page.getByTestId('chat-row').first(), `Jij: ${payload.text}`);
        await checkScreen(a, 'chat list /chats (author)', [payload]);

        await visit(a, 'complaints /complaints', '/complaints');
        await page.getByLabel('Onderwerp').selectOption('other');
        await page.getByLabel('Je klacht').fill(payload.text);
        await page.getByRole('button', { name: 'Klacht versturen' }).click();
        await showsText(page.getByTestId('complaint-filed'), a.email);
        await expect(page.getByTestId('complaint-list')).toBeVisible();
        await checkScreen(a, 'complaints /complaints', [payload]);

        await visit(a, 'direct debit /directdebit', '/directdebit');
        await expect(page.getByLabel('Naam rekeninghouder')).toHaveValue(payload.text);
        await expect(page.getByLabel('Straat')).toHaveValue(payload.text);
        await expect(page.getByLabel('Plaats')).toHaveValue(payload.short);
        await checkScreen(a, 'direct debit /directdebit', [payload]);

        await visit(a, 'transactions /transactions', '/transactions');
        await expect(page.getByTestId('payment-row').first()).toBeVisible();
        await showsText(menu, payload.short);
        await checkScreen(a, 'transactions /transactions', [payload]);

        await visit(a, 'invoice /transactions/{id}', `/transactions/${a.paymentId}`);
        await showsText(page.getByTestId('invoice'), payload.short);
        await showsText(page.getByTestId('invoice'), a.email);
        await checkScreen(a, 'invoice /transactions/{id}', [payload]);

        await visit(a, 'settings /notifications', '/notifications');
        await showsText(page.locator('body'), a.email);
        await checkScreen(a, 'settings /notifications', [payload]);

        // The discount code typed on /credits, and reflected from ?code= on the pay page (whose pay
        // button /credits does not have).
        await visit(a, 'discount code typed /credits', '/credits');
        const codeField = page.getByLabel('Heb je een kortingscode?');
        await codeField.fill(payload.short);
        await page.getByRole('button', { name: 'Toepassen' }).click();
        await expect(page.getByTestId('code-error')).toBeVisible();
        await expect(codeField).toHaveValue(payload.short);
        await checkScreen(a, 'discount code typed /credits', [payload]);

        const pay = 'discount code reflected /credits/{id}/{method}?code=';
        await visit(a, pay, `/credits/${packageId}/ideal?code=${encodeURIComponent(payload.short)}`);
        await expect(page.getByTestId('pay-button')).toBeVisible();
        await expect(page.getByTestId('code-error')).toBeVisible();
        await checkScreen(a, pay, [payload]);

        // Search filters reflected from the URL.
        const search = new URLSearchParams({
          country: payload.short,
          countryregion: payload.short,
          gender: payload.short,
        });
        const filters = 'search filters reflected /members?country=';
        await visit(a, filters, `/members?${search}`);
        await expect(page.getByRole('heading', { name: 'Leden zoeken', level: 1 })).toBeVisible();
        await showsText(menu, payload.short);
        await checkScreen(a, filters, [payload]);

        // The development outbox renders the mails on the server: the greeting holds the name.
        await visit(a, 'dev outbox /dev/outbox', `/dev/outbox?to=${encodeURIComponent(a.email)}`);
        await showsText(page.locator('body'), `Hallo ${payload.short},`);
        await checkScreen(a, 'dev outbox /dev/outbox', [payload]);
      }
    }

    test('no script ran late on any open page', async () => {
      for (const who of [viewer, visitor, ...authors]) await checkScreen(who, 'late check', []);
    });
  });
