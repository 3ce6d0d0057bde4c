import type { Gift } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { giftsQuery } from './api';

/** The gift picker: the site's catalogue with prices; picking one sends it. */
export function GiftPicker({
  onPick,
  onClose,
  isSending,
}: {
  onPick: (gift: Gift) => void;
  onClose: () => void;
  isSending: boolean;
}) {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const gifts = useQuery(giftsQuery);
  return (
    <Modal title={t('gift.title')} onClose={onClose}>
      {gifts.isPending && <p className="text-body-secondary">{t('loading')}</p>}
      {gifts.isError && <p className="text-danger">{gifts.error.message}</p>}
      {gifts.data?.length === 0 && <p className="text-body-secondary">{t('gift.none')}</p>}
      <ul className="gift-grid list-unstyled mb-0" data-testid="gift-picker">
        {gifts.data?.map((gift) => (
          <li key={gift.id}>
            <button
              type="button"
              className="btn btn-outline-secondary gift-option w-100"
              disabled={isSending}
              onClick={() => onPick(gift)}
            >
              <img src={photoUrl(settings.cdn_prefix, gift.image) ?? ''} alt="" width={72} height={72} />
              <span className="d-block fw-semibold">{gift.name}</span>
              <small className="text-body-secondary">{t('credits', { count: gift.credits })}</small>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
