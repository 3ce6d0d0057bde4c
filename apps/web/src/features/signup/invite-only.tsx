import { useTranslation } from 'react-i18next';

/** Invite-only screen (SPEC.md 5, 8): signups are closed for this visitor. */
export function InviteOnly() {
  const { t } = useTranslation();
  return (
    <section className="text-center" data-testid="signup-invite-only">
      <h3 className="h5">{t('signup.inviteOnlyTitle')}</h3>
      <p className="mb-0">{t('signup.inviteOnly')}</p>
    </section>
  );
}
