import { LOCALE_INFO } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../features/session/use-language';
import { useSettings } from '../../features/session/use-settings';
import { siteLanguages } from '../../lib/i18n';
import { Icon } from '../icon';
import { useDropdown } from './use-dropdown';

/** Language dropdown; shown only when the site shows more than one language (SPEC.md 2). */
export function LanguageMenu() {
  const settings = useSettings();
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { isOpen, toggle, close, ref } = useDropdown<HTMLLIElement>();
  const languages = siteLanguages(settings);
  if (languages.length <= 1) return null;
  return (
    <li className="nav-item dropdown" ref={ref}>
      <button
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={isOpen}
        onClick={toggle}
        aria-label={t('nav.language')}
      >
        <Icon name="globe" /> {language.toUpperCase()}
      </button>
      <ul className={`dropdown-menu dropdown-menu-end${isOpen ? ' show' : ''}`}>
        {languages.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              className={`dropdown-item${code === language ? ' active' : ''}`}
              aria-current={code === language ? 'true' : undefined}
              onClick={() => {
                close();
                void setLanguage(code);
              }}
            >
              {LOCALE_INFO[code].name}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
