/**
 * `npm run payments -- <command>`: payments and refunds for scripts (the back office at /admin/payments
 * does the same for staff; DECISIONS.md: the back office lists payments and refunds). A refund goes
 * through the same use case and is written to the audit log as the command line. Uses DATABASE_URL or the PGlite
 * database in DATA_DIR like the server, and the same provider (MOLLIE_API_KEY, else the test
 * provider); PGlite allows one process at a time, so stop the server first there.
 *
 *   list [--user N] [--limit N]                      payments, newest first
 *   refund <paymentId> [--cents N] [--reason text]   refund a paid payment (default: what is left)
 */
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { listPayments } from '../db/repositories/payments.js';
import { buildAppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { refundPayment } from '../services/money/refund-payment.js';
import { COMMAND_LINE } from '../services/staff/audit.js';

const USAGE = 'usage: npm run payments -- list [--user N] [--limit N] | refund <paymentId> [--cents N] [--reason text]';

/** Flags `--name value` of `args`, plus the positional arguments. */
function parseArgs(args: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const value = args[++i];
    if (value === undefined) throw new Error(USAGE);
    flags.set(arg.slice(2), value);
  }
  return { positional, flags };
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(USAGE);
  return n;
}

const euros = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** Runs one command; exits 1 with the usage on bad arguments. */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') return console.log(USAGE);
  const { positional, flags } = parseArgs(rest);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const deps = buildAppDeps({ db: database.db, clock: systemClock, config });
  try {
    switch (command) {
      case 'list': {
        const userId = positiveInt(flags.get('user'));
        const rows = await listPayments(deps.db, {
          ...(userId ? { userId } : {}),
          limit: positiveInt(flags.get('limit')) ?? 50,
        });
        if (rows.length === 0) return console.log('No payments.');
        for (const p of rows) {
          const refunded = p.refunded_cents > 0 ? `\trefunded ${euros(p.refunded_cents, p.currency)}` : '';
          console.log(
            `${p.id}\t${p.created_at.toISOString()}\tuser ${p.user_id}\t${p.status}\t${p.credits} credits\t` +
              `${euros(p.amount_cents, p.currency)}\t${p.method}\t${p.provider}:${p.provider_payment_id ?? '-'}${refunded}`,
          );
        }
        return console.log(`${rows.length} payment(s).`);
      }
      case 'refund': {
        const paymentId = positiveInt(positional[0]);
        if (!paymentId) throw new Error(USAGE);
        const cents = positiveInt(flags.get('cents'));
        const reason = flags.get('reason');
        const result = await refundPayment(deps, {
          paymentId,
          who: COMMAND_LINE,
          ...(cents ? { cents } : {}),
          ...(reason ? { reason } : {}),
        });
        const p = result.payment;
        return console.log(
          `Refunded ${euros(result.refund.amount_cents, p.currency)} of payment ${p.id} ` +
            `(${result.refund.provider_refund_id}); took back ${result.creditsTaken} credit(s), balance ${result.balance}.`,
        );
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof AppError) console.error(`${err.code}${err.data ? ` ${JSON.stringify(err.data)}` : ''}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
