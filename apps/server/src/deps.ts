import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createDomainEvents, type DomainEvents } from './events/domain-events.js';
import { subscribeMailNotifications } from './events/mail-notification-subscriber.js';
import { subscribePushNotifications } from './events/push-subscriber.js';
import { subscribeRealtime } from './events/realtime-subscriber.js';
import type { FaceModel } from './faces/face-model.js';
import { createThreadedFaceModel } from './faces/threaded-face-model.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createColourScorer } from './nsfw/colour-scorer.js';
import type { PhotoScorer } from './nsfw/nsfw-model.js';
import { createThreadedScorer } from './nsfw/threaded-scorer.js';
import { createPaymentProvider } from './payments/index.js';
import type { PaymentProvider } from './payments/provider.js';
import { createPushSender } from './push/create-push-sender.js';
import type { PushSender } from './push/push-sender.js';
import { type RealtimeBus, silentBus } from './realtime/bus.js';
import { type DeploymentSecrets, loadDeploymentSecrets } from './secrets.js';
import { createSiteChanges, type SiteChanges } from './services/site-admin/site-changes.js';
import { createSmsSender, type SmsSender } from './sms/sms.js';
import { createPhotoStore } from './storage/create-photo-store.js';
import type { PhotoStore } from './storage/photo-store.js';

/**
 * Everything routes, jobs and commands work with, built once per process by `buildAppDeps`
 * (docs/ARCHITECTURE.md). Use cases take this object (or a `Pick` of it) as their first argument;
 * nothing below the container constructs a collaborator of its own.
 */
export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Realtime events to connected members' sockets; publish after commit. */
  bus: RealtimeBus;
  /** Mail through SMTP when configured, always logged in the outbox (DECISIONS.md). */
  mailer: Mailer;
  /** Photo files: the folder PHOTO_DIR or an S3-compatible bucket (docs/photos.md). */
  photoStore: PhotoStore;
  /** SMS through the gateway when configured, always logged in the outbox. */
  sms: SmsSender;
  /** Payment providers by site (docs/decisions/007-money.md). */
  payments: PaymentProviders;
  /** Domain events, emitted after commit; the realtime subscriber turns them into socket pushes. */
  events: DomainEvents;
  /** The durable job queue: enqueue in the transaction of the change that causes the work (docs/decisions/009-jobs.md). */
  jobs: JobQueue;
  /**
   * Site settings changed: every instance drops its cached site rows at once (NOTIFY across
   * instances on PostgreSQL; issue: back office II). Announce after the change has committed.
   */
  siteChanges: SiteChanges;
  /** VAPID keys and the unsubscribe-link key: the environment's, else generated into the data folder. */
  secrets: DeploymentSecrets;
  /** Web Push to members' devices (issue: notifications). */
  push: PushSender;
  /** The explicit-photo model (nsfwjs on WebAssembly), loaded at its first use; jobs only (issue: explicit photos). */
  photoScorer: PhotoScorer;
  /** The face model of verified members (@vladmandic/human on WebAssembly), loaded at its first use; jobs only. */
  faceModel: FaceModel;
  /** Warnings of background work that must not fail the caller (a failed provider read, a lost socket). */
  log: (msg: string, err?: unknown) => void;
}

/**
 * The payment provider each site takes its payments through: Mollie when MOLLIE_API_KEY is set,
 * else the built-in test provider (DECISIONS.md). Today every site of a deployment shares one.
 */
export interface PaymentProviders {
  /** The provider of site `siteId`. */
  forSite(siteId: number): PaymentProvider;
  /** Every provider in use, once each (jobs that walk all payments). */
  all(): PaymentProvider[];
}

/** What `buildAppDeps` needs; any collaborator may be handed in instead (tests, commands). */
export interface AppDepsInput extends Partial<Omit<AppDeps, 'db' | 'config'>> {
  db: Db;
  config: Config;
}

/**
 * The contact push services may use (RFC 8292 `sub`): VAPID_SUBJECT, else PUBLIC_URL when it is
 * https, else a mailto: placeholder (set VAPID_SUBJECT on a real site: Apple's service checks it).
 */
function vapidSubject(config: Config): string {
  if (config.notifications.vapidSubject) return config.notifications.vapidSubject;
  return config.publicUrl?.startsWith('https://') ? config.publicUrl : 'mailto:support@example.com';
}

/**
 * Builds the one dependency container of a process: the server (app.ts), the command-line tools
 * and tests call this, so every entry point gets the same mailer, photo store, SMS sender and
 * payment providers, event bus and job queue (the realtime subscriber is attached to an event bus
 * built here). Collaborators given in `input` are used as they are.
 */
export function buildAppDeps(input: AppDepsInput): AppDeps {
  const { db, config } = input;
  const clock = input.clock ?? systemClock;
  const log = input.log ?? (() => undefined);
  let provider: PaymentProvider | undefined;
  const shared = () => {
    provider ??= createPaymentProvider({ db, clock, config, log });
    return provider;
  };
  const payments: PaymentProviders = input.payments ?? { forSite: shared, all: () => [shared()] };
  const bus = input.bus ?? silentBus;
  const jobs = input.jobs ?? createJobQueue(clock);
  const secrets = input.secrets ?? loadDeploymentSecrets(config);
  let events = input.events;
  if (!events) {
    events = createDomainEvents(log);
    subscribeRealtime(events, { db, bus });
    subscribePushNotifications(events, { db, jobs, clock, config, log });
    subscribeMailNotifications(events, { db, jobs, clock, config, log });
  }
  return {
    db,
    clock,
    config,
    bus,
    events,
    jobs,
    mailer: input.mailer ?? createMailer(config, db, () => clock.now(), undefined, jobs),
    photoStore: input.photoStore ?? createPhotoStore(config),
    sms: input.sms ?? createSmsSender(config, db, () => clock.now(), undefined, jobs),
    payments,
    siteChanges: input.siteChanges ?? createSiteChanges(db, log),
    secrets,
    push: input.push ?? createPushSender(secrets.vapid, vapidSubject(config)),
    photoScorer:
      input.photoScorer ?? (config.testPhotoScorer === 'colour' ? createColourScorer() : createThreadedScorer()),
    faceModel: input.faceModel ?? createThreadedFaceModel(),
    log,
  };
}
