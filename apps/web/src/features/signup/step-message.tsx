import type { MemberCard } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalLabel } from '../members/fictional-label';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { readDraft, writeDraft } from './draft';

/**
 * Signup step 0 "message or signup" (SPEC.md 4), when signing up from a profile: the profile's photo and
 * name, its fictional label and warning when it is fictional (DECISIONS.md: wherever a profile appears),
 * and a first message (signup_message, kept in the draft), then on to the form.
 */
export function StepMessage({
  profile,
  onDone,
}: {
  profile: Pick<MemberCard, 'name' | 'main_image' | 'fictional'>;
  onDone: () => void;
}) {
  const { t } = useTranslation('access');
  const settings = useSettings();
  const [message, setMessage] = useState(() => readDraft().signup_message);
  const src = photoUrl(settings.cdn_prefix, profile.main_image?.match);
  const next = () => {
    writeDraft({ ...readDraft(), signup_message: message });
    onDone();
  };
  return (
    <section data-testid="signup-message-step">
      <div className="d-flex align-items-center gap-3 mb-3">
        {src ? (
          <img src={src} alt="" width={72} height={72} className="rounded-circle object-fit-cover" />
        ) : (
          <span className="avatar-icon rounded-circle fs-3" style={{ width: 72, height: 72 }} aria-hidden="true">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h3 className="h5 mb-0">{t('steps.message.title', { name: profile.name })}</h3>
          {profile.fictional && <FictionalLabel />}
        </div>
      </div>
      <label htmlFor="signup-message" className="form-label">
        {t('steps.message.label')}
      </label>
      <textarea
        id="signup-message"
        className="form-control mb-2"
        rows={3}
        maxLength={2000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder={t('steps.message.placeholder', { name: profile.name })}
      />
      <p className="small text-body-secondary">{t('steps.message.note')}</p>
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-primary btn-lg" onClick={next}>
          {message.trim() ? t('steps.message.send') : t('steps.message.signupOnly')}
        </button>
      </div>
    </section>
  );
}
