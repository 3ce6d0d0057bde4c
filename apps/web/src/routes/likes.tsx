import { LIKE_TYPES } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { NotFound } from '../components/not-found';
import { likesQuery } from '../features/likes/api';
import { LikesEmpty } from '../features/likes/likes-empty';
import { LikesGrid } from '../features/likes/likes-grid';
import { likeCards, likeTypeOf } from '../features/likes/likes-lists';
import { usePageTitle } from '../lib/use-page-title';

/** Likes (/likes, /likes/{type}): received (new first), given and mutual likes in tabs (SPEC.md 2, 4). */
export function LikesPage() {
  const { type: param } = useParams();
  const { t } = useTranslation('discovery');
  const likes = useQuery(likesQuery);
  usePageTitle(t('likes.title'));
  if (param !== undefined && !(LIKE_TYPES as readonly string[]).includes(param)) return <NotFound />;
  const type = likeTypeOf(param);
  const items = likes.data ? likeCards(likes.data, type) : [];
  const count = (tab: (typeof LIKE_TYPES)[number]) => (likes.data ? likeCards(likes.data, tab).length : null);
  const newCount = likes.data?.liked_by.filter((l) => l.like_new).length ?? 0;

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('likes.title')}</h1>
      <nav aria-label={t('likes.title')}>
        <ul className="nav nav-pills mb-3 flex-nowrap overflow-auto">
          {LIKE_TYPES.map((tab) => (
            <li key={tab} className="nav-item">
              <NavLink
                to={`/likes/${tab}`}
                aria-current={tab === type ? 'page' : undefined}
                className={() => `nav-link text-nowrap${tab === type ? ' active' : ''}`}
              >
                {t(`likes.tabs.${tab}`)}
                {count(tab) !== null && <span className="ms-1 opacity-75">({count(tab)})</span>}
                {tab === 'received' && newCount > 0 && (
                  <span className="badge text-bg-danger ms-1">{t('likes.newCount', { count: newCount })}</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {likes.isPending && (
        <div className="text-center py-5">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('common:actions.loading')}</span>
          </span>
        </div>
      )}
      {likes.isError && <ErrorAlert>{likes.error.message || t('common:error.general')}</ErrorAlert>}
      {likes.data && items.length === 0 && <LikesEmpty type={type} />}
      {items.length > 0 && <LikesGrid items={items} />}
    </div>
  );
}

export { LikesPage as Component };
