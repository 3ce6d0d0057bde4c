import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { sitesQuery } from '../components/site-select';
import { AutomaticSection } from '../features/shop/automatic-section';
import { DiscountSection } from '../features/shop/discount-section';
import { GiftSection } from '../features/shop/gift-section';
import { PackageSection } from '../features/shop/package-section';

const TABS = ['packages', 'gifts', 'discounts', 'automatic'] as const;
type Tab = (typeof TABS)[number];

/**
 * The shop of a site (admins; issue: back office II): a site select and four parts kept in the
 * address bar (?site=&tab=): credit packages, gifts, discount codes, and the welcome discount and
 * time bonus. Other roles get the server's 403 forbidden as the error.
 */
export function Component() {
  const { t } = useTranslation('admin-shop');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const sites = useQuery(sitesQuery);
  const siteId = Number(params.get('site')) || sites.data?.[0]?.id;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'packages';
  const go = (next: { site?: number; tab?: Tab }) =>
    setParams({ site: String(next.site ?? siteId ?? ''), tab: next.tab ?? tab });

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <AdminError error={sites.error} />
      {sites.data && sites.data.length > 0 && (
        <div className="row g-2 mb-3">
          <div className="col-12 col-sm-8 col-md-5">
            <label className="form-label small mb-1" htmlFor={`${id}-site`}>
              {t('site')}
            </label>
            <select
              id={`${id}-site`}
              className="form-select form-select-sm"
              value={siteId ?? ''}
              onChange={(e) => go({ site: Number(e.target.value) })}
            >
              {sites.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.domain})
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <nav aria-label={t('parts')} className="mb-3">
        <ul className="nav nav-pills flex-wrap gap-1">
          {TABS.map((key) => (
            <li className="nav-item" key={key}>
              <button
                type="button"
                className={`nav-link${tab === key ? ' active' : ''}`}
                aria-current={tab === key ? 'page' : undefined}
                onClick={() => go({ tab: key })}
              >
                {t(`tabs.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {siteId !== undefined && (
        <div key={siteId}>
          {tab === 'packages' && <PackageSection siteId={siteId} />}
          {tab === 'gifts' && <GiftSection siteId={siteId} />}
          {tab === 'discounts' && <DiscountSection siteId={siteId} />}
          {tab === 'automatic' && <AutomaticSection siteId={siteId} />}
        </div>
      )}
    </>
  );
}
