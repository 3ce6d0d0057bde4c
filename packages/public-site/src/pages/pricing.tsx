/** @jsxImportSource preact */
import type { CreditPackage } from '@app/contracts';
import { localeTag } from '../languages.js';
import type { PageContext } from '../model.js';

/** Data of /pricing: the site's active packages and what things cost in credits. */
export interface PricingModel {
  packages: CreditPackage[];
  costs: { message: number; photo: number; gift: number };
  refund_days: number;
  premiumPhotos: number;
}

function money(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(localeTag(lang), { style: 'currency', currency }).format(cents / 100);
}

/** /pricing (SPEC.md 2, public): packages, credit costs, premium and the refund period of refund_days days. */
export function PricingPage({ ctx, model }: { ctx: PageContext; model: PricingModel }) {
  const { t, lang, links, loggedIn } = ctx;
  const rows = [
    ['message', model.costs.message],
    ['photo', model.costs.photo],
    ['gift', model.costs.gift],
  ] as const;
  return (
    <div class="pub-container pub-section">
      <div class="pub-center pub-narrow">
        <h1>{t('money:pricing.title')}</h1>
        <p class="pub-lead">{t('money:pricing.intro')}</p>
      </div>
      <section aria-labelledby="pricing-packages">
        <h2 id="pricing-packages">{t('money:pricing.packagesHeading')}</h2>
        <ul class="pub-packages">
          {model.packages.map((pkg) => (
            <li key={pkg.id} class={pkg.highlighted ? 'pub-package pub-package-highlight' : 'pub-package'}>
              <span class="pub-package-credits">{t('money:pricing.credits', { count: pkg.credits })}</span>
              <span class="pub-package-price">{money(pkg.price_cents, pkg.currency, lang)}</span>
              <span class="pub-muted">
                {t('pricing.perCredit', { price: money(pkg.per_credit_cents, pkg.currency, lang) })}
              </span>
            </li>
          ))}
        </ul>
        <p class="pub-small pub-muted">{t('money:pricing.vat')}</p>
      </section>
      <div class="pub-two">
        <section aria-labelledby="pricing-costs">
          <h2 id="pricing-costs">{t('money:pricing.costsHeading')}</h2>
          <table class="pub-table">
            <tbody>
              {rows.map(([key, credits]) => (
                <tr key={key} data-testid={`cost-${key}`}>
                  <th scope="row">{t(`money:pricing.costs.${key}`)}</th>
                  <td>{t('money:pricing.credits', { count: credits })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="pub-small pub-muted">{t('money:pricing.free')}</p>
        </section>
        <section aria-labelledby="pricing-premium">
          <h2 id="pricing-premium">{t('money:pricing.premiumHeading')}</h2>
          <p>{t('money:pricing.premium', { photos: model.premiumPhotos })}</p>
          <h2>{t('money:pricing.refundHeading')}</h2>
          <p data-testid="refund-days">
            {t('money:pricing.refund', { count: model.refund_days })}{' '}
            <a href="/pages/return-policy">{t('money:pricing.refundLink')}</a>
          </p>
        </section>
      </div>
      <p class="pub-center">
        {loggedIn ? (
          <a class="pub-btn pub-btn-primary pub-btn-lg" href="/credits">
            {t('money:pricing.buy')}
          </a>
        ) : (
          <a class="pub-btn pub-btn-primary pub-btn-lg" href={links.signup}>
            {t('money:pricing.signup')}
          </a>
        )}
      </p>
    </div>
  );
}
