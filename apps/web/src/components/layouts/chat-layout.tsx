import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SITE_ENTRY_COUNTRIES } from '../../features/site-entry/is-site-entry-warning-visible';
import { TopNav } from '../navigation/top-nav';
import { SiteEntryWarningForVisitors } from './visitor-dialogs';

/**
 * Chat layout (SPEC.md 2): the conversation fills the screen under a compact top bar (the site's
 * name to /members, the member's navigation, on phones behind the menu button), so every width has a
 * way back to the conversation list and the rest of the site; plus the site-entry warning for NL and DE.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column chat-layout">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('actions.skipToContent')}
      </a>
      <TopNav isCompact />
      <main id="main" className="flex-grow-1 d-flex flex-column chat-layout-main">
        <Outlet />
      </main>
      <SiteEntryWarningForVisitors countries={SITE_ENTRY_COUNTRIES} />
    </div>
  );
}
