import { lazy, Suspense } from 'react';
import { useUser } from '../../features/session/use-user';
import { useSignupOpen } from '../../features/signup/signup-store';
import { loadNamespaces, SCREEN_NAMESPACES } from '../../lib/i18n';

// Each dialog's module loads only when it may show, so a member's first download holds neither
// (docs/client.md, client budget).
const SignupModal = lazy(() =>
  Promise.all([import('../../features/signup/signup-modal'), loadNamespaces(SCREEN_NAMESPACES)]).then(([module]) => ({
    default: module.SignupModal,
  })),
);
const SiteEntryWarning = lazy(() =>
  import('../../features/site-entry/site-entry-warning').then((module) => ({ default: module.SiteEntryWarning })),
);

/** The signup modal of a layout (SPEC.md 2), loaded once it is opened; it stays while a signup goes on. */
export function SignupModalWhenOpen() {
  const isOpen = useSignupOpen();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}

/**
 * The site-entry warning of a layout (SPEC.md 2), loaded for visitors when the layout names the
 * countries it shows in; the warning decides the rest (dismissal, route, country) itself.
 */
export function SiteEntryWarningForVisitors({ countries }: { countries?: readonly string[] }) {
  const user = useUser();
  if (!countries || user !== null) return null;
  return (
    <Suspense fallback={null}>
      <SiteEntryWarning countries={countries} />
    </Suspense>
  );
}
