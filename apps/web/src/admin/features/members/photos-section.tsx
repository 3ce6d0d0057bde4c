import type { AdminMemberPhoto } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { codeLabel } from './labels';
import { Section } from './section';
import { StatusBadge } from './status-badge';

/** Every photo of the member, private and rejected ones too, as a grid of thumbnails. */
export function PhotosSection({ photos }: { photos: AdminMemberPhoto[] }) {
  const { t } = useTranslation('admin-members');
  return (
    <Section id="photos" title={t('sections.photos', { count: photos.length })}>
      {photos.length === 0 ? (
        <p className="mb-0">{t('photos.none')}</p>
      ) : (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-6 g-2 list-unstyled mb-0">
          {photos.map((p, i) => (
            <li className="col" key={p.id}>
              <figure className="card h-100 mb-0">
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img
                    className="card-img-top admin-thumb w-100"
                    src={p.thumb_url}
                    alt={t('photos.alt', { n: i + 1 })}
                    loading="lazy"
                  />
                </a>
                <figcaption className="card-body p-2 small">
                  <StatusBadge group="photoStatus" code={p.status} />
                  {p.is_private && <span className="badge text-bg-dark ms-1">{t('photos.private')}</span>}
                  {p.is_main && <span className="badge text-bg-primary ms-1">{t('photos.main')}</span>}
                  {p.reject_reason && (
                    <div className="mt-1">
                      {t('photos.rejectReason')}: {codeLabel(t, 'rejectReasons', p.reject_reason)}
                    </div>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
