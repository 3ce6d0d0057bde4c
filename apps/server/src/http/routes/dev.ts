import { platformCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { escapeHtml } from '../../mail/templates.js';
import { OUTBOX_PAGE_SIZE, type OutboxEntry, readDevOutbox } from '../../services/sites/read-dev-outbox.js';
import { registerCall } from '../register-call.js';

/** Messages the outbox page shows, newest first. */

/** Heading of an outbox entry: a mail's subject, or "SMS · <kind>". */
function headingOf(m: OutboxEntry): string {
  return m.channel === 'sms' ? `SMS · ${m.kind}` : m.subject || m.kind;
}

/** Escaped text with http(s) links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderOutbox(rows: OutboxEntry[]): string {
  const items = rows
    .map(
      (m) =>
        `<article><h2>${escapeHtml(headingOf(m))}</h2>` +
        `<p class="meta">${escapeHtml(m.channel)} · ${escapeHtml(m.kind)} · to <b>${escapeHtml(m.recipient)}</b> · ` +
        `${m.created_at.toISOString()}${m.sent_at ? ' · sent' : ''}${m.error ? ` · error: ${escapeHtml(m.error)}` : ''}</p>` +
        `<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:900px;padding:0 1rem}
article{border-bottom:1px solid #ddd;padding:.5rem 0}h2{font-size:1.1rem;margin:.5rem 0}
.meta{color:#555;font-size:.85rem;margin:0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Outbox (newest ${OUTBOX_PAGE_SIZE})</h1>${items || '<p>No messages yet.</p>'}</body></html>`;
}

/**
 * Development-only pages: the local outbox of mails and SMS at GET /dev/outbox, and as JSON at
 * GET /dev/outbox.json?to=<email or phone> for tests. Registered only when NODE_ENV is not production,
 * or when DEV_OUTBOX=1 (end-to-end tests run the production build). Never expose it on a real site:
 * it shows every member's activation and reset links.
 */
export const devRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  if (config.isProduction && !config.devOutbox) return;

  registerCall(app, platformCalls.devOutbox, async (req, reply) => {
    const rows = await readDevOutbox({ db }, { recipient: req.query.to });
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(renderOutbox(rows));
  });

  registerCall(app, platformCalls.devOutboxJson, async (req, reply) => {
    const rows = await readDevOutbox({ db }, { recipient: req.query.to });
    reply.header('cache-control', 'no-store');
    return rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      kind: m.kind,
      to: m.recipient,
      subject: m.subject,
      text: m.text,
      html: m.html,
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
      error: m.error,
    }));
  });
};
