import type { UnsubscribeKind, UnsubscribeState } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { errorText } from '../features/account/api-error-alert';
import { AuthCard } from '../features/account/auth-card';
import { changeUnsubscribe, readUnsubscribeLink } from '../features/unsubscribe/unsubscribe-api';
import { UnsubscribeResult } from '../features/unsubscribe/unsubscribe-result';
import { isApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /unsubscribe?u=&k=&t=&a=: the visible unsubscribe link of a notification mail (issue:
 * notifications). Works without logging in: opening it turns that mail off at once and says so,
 * with a button to undo, an offer to stop all notification mails (when the link carries the token
 * of `all`) and a link to the settings page /notifications.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('unsubscribe');
  const [params] = useSearchParams();
  const query = params.toString();
  const parsed = useMemo(() => readUnsubscribeLink(new URLSearchParams(query)), [query]);
  const [state, setState] = useState<UnsubscribeState | null>(null);
  const change = useMutation({
    mutationFn: (input: { u: number; k: UnsubscribeKind; t: string; resubscribe: boolean }) =>
      changeUnsubscribe({ u: input.u, k: input.k, t: input.t }, input.resubscribe),
    onSuccess: setState,
  });
  usePageTitle(t('common:routes.unsubscribe.title'));

  // Opening the link is the request: unsubscribe once (not again on a re-render or in StrictMode).
  const started = useRef(false);
  const { mutate } = change;
  useEffect(() => {
    if (!parsed || started.current) return;
    started.current = true;
    mutate({ ...parsed.link, resubscribe: false });
  }, [parsed, mutate]);

  const title = t('common:routes.unsubscribe.title');
  const settingsLink = (
    <Link to="/notifications" className="alert-link">
      {t('settings')}
    </Link>
  );
  if (!parsed || (!state && isApiError(change.error, 'not_found'))) {
    return (
      <AuthCard title={title} testId="unsubscribe">
        <ErrorAlert>
          {t('invalid')} {settingsLink}
        </ErrorAlert>
      </AuthCard>
    );
  }
  const { link, allToken } = parsed;
  /** The token of `kind` the page holds: the link's own, or the one of all notification mails. */
  const tokenOf = (kind: UnsubscribeKind) => (kind === link.k ? link.t : kind === 'all' ? allToken : null);
  const toggle = (current: UnsubscribeState) => {
    const token = tokenOf(current.kind);
    if (token) change.mutate({ u: link.u, k: current.kind, t: token, resubscribe: current.unsubscribed });
  };
  return (
    <AuthCard title={title} testId="unsubscribe">
      {change.error && (
        <ErrorAlert>
          {errorText(change.error, t)}
          {!state && <> {settingsLink}</>}
        </ErrorAlert>
      )}
      {!state && !change.error && (
        <div className="text-center py-3" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <p className="mt-2 mb-0">{t('working')}</p>
        </div>
      )}
      {state && (
        <UnsubscribeResult
          state={state}
          canOfferAll={allToken !== null}
          isBusy={change.isPending}
          onToggle={() => toggle(state)}
          onAll={() => allToken && change.mutate({ u: link.u, k: 'all', t: allToken, resubscribe: false })}
        />
      )}
    </AuthCard>
  );
}

export { UnsubscribePage as Component };
