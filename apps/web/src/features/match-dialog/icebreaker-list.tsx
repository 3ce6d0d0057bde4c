import { discoveryCalls } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { discoveryKeys } from '../likes/api';

/** The chat of `profileId` with `text` prefilled (the chat screen reads the `text` query). */
export function chatWithText(profileId: number, text: string): string {
  return `/members/${profileId}/chat?text=${encodeURIComponent(text)}`;
}

/**
 * Suggested first messages to a member (SPEC.md 2, icebreaker dialog); picking one opens the chat
 * with it filled in.
 */
export function IcebreakerList({ profileId, onPick }: { profileId: number; onPick?: () => void }) {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: discoveryKeys.icebreakers(profileId),
    queryFn: ({ signal }) => call(discoveryCalls.icebreakers, { query: { profile: profileId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (query.isPending) return <p className="text-body-secondary small mb-0">{t('common:actions.loading')}</p>;
  if (query.isError) return <p className="text-danger small mb-0">{t('common:error.general')}</p>;
  return (
    <div className="d-grid gap-2" data-testid="icebreakers">
      <p className="small text-body-secondary mb-1">{t('icebreakers.hint')}</p>
      {query.data.icebreakers.map((text) => (
        <button
          key={text}
          type="button"
          className="btn btn-outline-primary text-start"
          onClick={() => {
            onPick?.();
            navigate(chatWithText(profileId, text));
          }}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
