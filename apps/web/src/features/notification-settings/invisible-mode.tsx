import type { NotificationSettings } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { SettingSwitch } from './setting-switch';

/**
 * Invisible mode (SPEC.md 4): on, the member is not listed in search, swipe game or match finder and
 * shows no online state; they still use the site normally. A switch that saves at once.
 */
export function InvisibleMode({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications');
  return (
    <SettingSwitch
      label={t('invisible.label')}
      help={t('invisible.help')}
      checked={settings.invisible}
      toUpdate={(on) => ({ invisible: on })}
      testId="invisible-mode"
    />
  );
}
