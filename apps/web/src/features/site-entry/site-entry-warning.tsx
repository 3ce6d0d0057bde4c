import { DISMISSAL_KEYS } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../components/fictional-icon';
import { Modal } from '../../components/modal';
import { isInstalledApp } from '../../lib/display-mode';
import { readDismissal, storeDismissal } from '../../lib/storage';
import { useRouteName } from '../../lib/use-route-name';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { isSiteEntryWarningVisible } from './is-site-entry-warning-visible';

/** The "important information" modal for visitors from the given countries (SPEC.md 2). */
export function SiteEntryWarning({ countries }: { countries?: readonly string[] }) {
  const settings = useSettings();
  const user = useUser();
  const routeName = useRouteName();
  const { t } = useTranslation();
  const [dismissedAt, setDismissedAt] = useState(() => readDismissal(DISMISSAL_KEYS.siteEntryWarning));
  const isVisible = isSiteEntryWarningVisible({
    isLoggedIn: user !== null,
    isInstalledApp: isInstalledApp(),
    dismissedAt,
    enableSiteEntryPopup: settings.enable_site_entry_popup,
    selectedCountry: settings.geoip_selected_country,
    countries,
    routeName,
  });
  if (!isVisible) return null;
  const handleClose = () => {
    const now = Date.now();
    storeDismissal(DISMISSAL_KEYS.siteEntryWarning, now);
    setDismissedAt(now);
  };
  return (
    <Modal
      title={t('siteEntry.title')}
      onClose={handleClose}
      footer={
        <button type="button" className="btn btn-primary w-100" onClick={handleClose}>
          {t('siteEntry.accept')}
        </button>
      }
    >
      <p>{t('siteEntry.adults', { site: settings.name })}</p>
      <p>
        <FictionalIcon icon={settings.fictional_icon} />{' '}
        {t('siteEntry.fictional', { plural: settings.fictional_plural })}{' '}
        <strong>{t('siteEntry.fictionalRules', { singular: settings.fictional_singular, site: settings.name })}</strong>
      </p>
      <p>{t('siteEntry.credits')}</p>
      <p className="mb-0 small text-body-secondary">{t('siteEntry.leave')}</p>
    </Modal>
  );
}
