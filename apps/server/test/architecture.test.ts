import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import { readSource, sourceFiles } from './helpers/source-files.js';

/**
 * Standing checks of the layering (docs/ARCHITECTURE.md, the seams issue): no import cycles, routes
 * that neither read the database themselves nor build their own collaborators.
 */

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of readSource(file).matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm))
    found.push(m[1] ?? '');
  return found;
}

/** `<file> imports <specifier>` for every import under `dir` whose specifier matches `pattern`. */
function importsMatching(dir: string, pattern: RegExp): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => pattern.test(spec))
      .map((spec) => `${file} imports ${spec}`),
  );
}

describe('architecture', () => {
  it.each([
    ['apps/server/src', 'apps/server/tsconfig.json'],
    ['apps/web/src', 'apps/web/tsconfig.json'],
    ['packages/contracts/src', 'packages/contracts/tsconfig.json'],
  ])(
    'has no import cycle in %s',
    async (dir, tsConfig) => {
      const result = await madge(path.join(ROOT_DIR, dir), {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: path.join(ROOT_DIR, tsConfig),
      });
      expect(result.circular()).toEqual([]);
    },
    60_000,
  );

  it('has no route that imports the database layer: routes call services', () => {
    expect(importsMatching('apps/server/src/http/routes', /(^|\/)db\//)).toEqual([]);
  });

  it('has no use case that presents: services return domain results, routes present them through presenters/', () => {
    expect(importsMatching('apps/server/src/services', /(^|\/)presenters\//)).toEqual([]);
  });

  it('has no route that builds a collaborator: mailer, photo store, SMS sender and payment provider come from AppDeps', () => {
    const builders =
      /\b(createMailer|createPhotoStore|createSmsSender|createPaymentProvider|buildAppDeps|smtpTransport|webhookSmsProvider)\s*\(|new\s+(FolderPhotoStore|S3PhotoStore|MolliePaymentProvider|TestPaymentProvider)\b/;
    const offenders = sourceFiles('apps/server/src/http/routes').filter((file) => builders.test(readSource(file)));
    expect(offenders).toEqual([]);
  });

  // One process may serve several databases (the test files of a Vitest worker share its modules;
  // tools open two): module state must be fixed data, or kept per database in a WeakMap keyed by the
  // Db (as the search count cache and the chat senders are). A new module-level Map, Set or `let`
  // fails here until it is listed with why it holds no member data.
  it('keeps no database data in module state: module-level Maps, Sets and lets are fixed data', () => {
    const fixed: Record<string, string> = {
      'presenters/public-page.ts: catalogues': 'shipped text catalogues by language',
      'services/public/site-pages.ts: shippedCache': 'shipped page texts',
      'services/moderation/reason-labels.ts: cache': 'shipped labels by language',
      'services/profile/update-profile.ts: KNOWN_INTERESTS': 'constant',
      'services/access/password-strength.ts: shared': 'the dictionaries, loaded once',
      'services/access/password-strength.ts: factories': 'checkers by language',
      'services/access/login.ts: dummyHash': 'a hash of a random password (timing)',
      'services/site-admin/process-logo.ts: LOGO_FORMATS': 'constant',
      'services/chat/suggest-icebreakers.ts: TALKABLE': 'constant',
      'services/chat/suggest-icebreakers.ts: labelCache': 'shipped labels by language',
      'services/fictional/city-place.ts: byCountryAndName': 'the shipped city list',
      'services/notifications/mail-feedback.ts: DROPPED_AS': 'constant',
      'services/notifications/push-notice.ts: SILENT_ACCOUNT_STATUSES': 'constant',
      'services/notifications/push-notice.ts: GONE_PROFILE_STATUSES': 'constant',
      'services/staff/log-in-staff.ts: dummyHash': 'a hash of a random password (timing)',
      'services/photos/process-photo.ts: ACCEPTED_FORMATS': 'constant',
      'observability/live-metrics.ts: MESSAGE_KINDS': 'constant',
      'observability/readiness.ts: expected': 'the number of shipped migrations',
      'observability/error-reporting.ts: active': "the process's error reporter",
      'observability/error-reporting.ts: SECRET_EXTRAS': 'constant',
      'observability/metrics.ts: processRegistry': "the process's own metrics",
      'http/context.ts: PAGE_ROUTES': 'constant',
      'http/context.ts: CALLS_BY_ROUTE': 'the contract',
      'http/response-serializer.ts: STRIPPED_BY_CONTRACT': 'the contract',
      'mail/templates.ts: REQUESTED': 'constant',
      'geo/geocode.ts: SKIPPED_FEATURES': 'constant',
      'geo/geocode.ts: index': 'the shipped place index',
      'i18n.ts: cache': 'shipped catalogues',
      'i18n.ts: SHIPPED_SET': 'constant',
      'payments/mollie-provider.ts: SPEC_METHODS': 'constant',
      'db/statement-names.ts: names': 'statement names by SQL text, the same for every database',
      'services/safety/message-signals.ts: detector': "the process's signal detectors (word lists compiled once)",
      'services/safety/message-signals.ts: CONFIRM': 'constant',
      'presenters/admin/signals.ts: KNOWN': 'constant',
    };
    const declaration = /^(?:export )?(?:(?:const|let) (\w+)(?::[^=\n]+)? = new (?:Map|Set)\b|let (\w+))/gm;
    const found = sourceFiles('apps/server/src').flatMap((file) =>
      [...readSource(file).matchAll(declaration)].map(
        (m) => `${path.relative('apps/server/src', file)}: ${m[1] ?? m[2]}`,
      ),
    );
    // The list stays true: an entry whose declaration went away is taken out.
    expect(Object.keys(fixed).filter((entry) => !found.includes(entry))).toEqual([]);
    expect(found.filter((entry) => !(entry in fixed))).toEqual([]);
  });
});
