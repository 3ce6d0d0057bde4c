import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api';
import { errorText } from '../account/api-error-alert';
import { useSettings } from '../session/use-settings';

/**
 * A refused direct debit (SPEC.md 8 "Direct debit: blocked account, or limit reached"): the server's
 * message, with a way out: another payment method when the limit is reached, support when blocked.
 */
export function DirectDebitError({ error }: { error: unknown }) {
  const { t } = useTranslation('billing');
  const settings = useSettings();
  return (
    <ErrorAlert data-testid="dd-error">
      {errorText(error, t)}
      {isApiError(error, 'direct_debit_limit') && (
        <>
          {' '}
          <Link to="/credits" className="alert-link">
            {t('directDebit.otherMethod')}
          </Link>
        </>
      )}
      {isApiError(error, 'direct_debit_blocked') && settings.support_email && (
        <>
          {' '}
          <a href={`mailto:${settings.support_email}`} className="alert-link">
            {t('directDebit.contactSupport')}
          </a>
        </>
      )}
    </ErrorAlert>
  );
}
