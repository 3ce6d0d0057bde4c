import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { MolliePaymentProvider } from './mollie-provider.js';
import type { PaymentProvider } from './provider.js';
import { TestPaymentProvider } from './test-provider.js';

export type { CreatePaymentInput, PaymentProvider, ProviderPayment } from './provider.js';

/** What building a provider needs: the test provider keeps its payments in the database. */
export interface ProviderDeps {
  db: Db;
  clock: Clock;
  config: Config;
  log?: (msg: string, err: unknown) => void;
}

/**
 * The payment provider of this deployment (DECISIONS.md): Mollie when MOLLIE_API_KEY is set, else
 * the built-in test provider with its own checkout page.
 */
export function createPaymentProvider(deps: ProviderDeps): PaymentProvider {
  const { config } = deps;
  if (config.mollieApiKey) return new MolliePaymentProvider(config.mollieApiKey, config.mollieApiEndpoint);
  return new TestPaymentProvider(deps.db, deps.clock, deps.log);
}

const providers = new WeakMap<Db, WeakMap<Config, PaymentProvider>>();

/** The provider for these deps, built once per database and config (services call this). */
export function paymentProviderFor(deps: ProviderDeps): PaymentProvider {
  let byConfig = providers.get(deps.db);
  if (!byConfig) {
    byConfig = new WeakMap();
    providers.set(deps.db, byConfig);
  }
  let provider = byConfig.get(deps.config);
  if (!provider) {
    provider = createPaymentProvider(deps);
    byConfig.set(deps.config, provider);
  }
  return provider;
}
