import { Browser, type TestServer } from './helpers/server.js';

let counter = 0;

/** A strong password zxcvbn accepts. */
export const STRONG_PASSWORD = 'Zonnebloem-Fiets-1987!';

/** A valid signup form with a fresh email; `overrides` replace fields. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `new${counter}-${Date.now()}@example.com`,
    name: `Nieuw${counter}`,
    password: STRONG_PASSWORD,
    date_of_birth: '1990-05-17',
    ...overrides,
  };
}

/** A mail from the development outbox (GET /dev/outbox.json). */
export interface OutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string | null;
}

/** Mails to `email`, newest first. */
export async function mailsTo(server: TestServer, email: string): Promise<OutboxMail[]> {
  const res = await new Browser(server.url).get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.json;
}

/** The token of the link in the newest mail of `kind` to `email`. */
export async function tokenFromMail(server: TestServer, email: string, kind: string): Promise<string> {
  const mail = (await mailsTo(server, email)).find((m) => m.kind === kind);
  const match = mail?.text.match(/[?&](?:token|reactivate)=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no ${kind} link mailed to ${email}`);
  return match[1];
}

/** A browser logged in as `email`. */
export async function loggedIn(server: TestServer, email: string, password: string): Promise<Browser> {
  const browser = new Browser(server.url);
  const res = await browser.post('/api/user.php', { email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.json)}`);
  return browser;
}
