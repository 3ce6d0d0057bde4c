import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../features/account/api-error-alert';
import { creditsOverviewQuery, mandateQuery } from '../features/billing/api';
import { DirectDebitForm, type StartedMandate } from '../features/billing/direct-debit-form';
import { OtpStep } from '../features/billing/otp-step';
import { useSettings } from '../features/session/use-settings';
import { usePageTitle } from '../lib/use-page-title';
import '../features/billing/billing.css';
import { ErrorAlert } from '../components/error-alert';

/** The package id of `?package=<id>` when it is one of the site's packages, else null. */
function packageFromQuery(raw: string | null, ids: number[]): number | null {
  const id = Number(raw);
  return raw && ids.includes(id) ? id : null;
}

/**
 * /directdebit (SPEC.md 2, 3 Direct debit, 8): the mandate form, then the SMS code; on success the
 * payment result page of the other money screens takes over.
 */
export function DirectDebitPage() {
  const { t } = useTranslation('billing');
  const settings = useSettings();
  const [params] = useSearchParams();
  const overview = useQuery(creditsOverviewQuery);
  // The prefill must be there before the form starts, or it would overwrite what is being typed.
  const prefill = useQuery(mandateQuery);
  const [started, setStarted] = useState<StartedMandate | null>(null);
  const [sentCount, setSentCount] = useState(0);
  usePageTitle(t('common:routes.directdebit.title'));
  const packages = overview.data?.packages ?? [];
  const fromQuery = packageFromQuery(
    params.get('package'),
    packages.map((p) => p.id),
  );
  const handleStarted = (next: StartedMandate) => {
    setStarted(next);
    setSentCount((n) => n + 1);
  };
  return (
    <div className="container py-4 billing-page">
      <h1 className="h3 mb-2">{t('common:routes.directdebit.title')}</h1>
      <p className="text-body-secondary">{t('directDebit.intro', { site: settings.name })}</p>
      <section className="card border-0 shadow-sm">
        <div className="card-body p-3 p-sm-4">
          {(overview.isPending || prefill.isPending) && (
            <p className="text-body-secondary mb-0">{t('common:actions.loading')}</p>
          )}
          {overview.isError && <ErrorAlert className="mb-0">{errorText(overview.error, t)}</ErrorAlert>}
          {overview.isSuccess && !prefill.isPending && !started && (
            <DirectDebitForm
              packages={packages}
              discount={overview.data.discount}
              initialPackage={fromQuery}
              isPackageFixed={fromQuery !== null}
              prefill={prefill.data ?? null}
              onStarted={handleStarted}
            />
          )}
          {started && (
            <>
              {sentCount > 1 && (
                <div className="alert alert-info" role="status">
                  {t('directDebit.newCodeSent')}
                </div>
              )}
              <OtpStep key={started.mandate} started={started} onRestart={handleStarted} />
            </>
          )}
        </div>
      </section>
    </div>
  );
}

export { DirectDebitPage as Component };
