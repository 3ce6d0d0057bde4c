import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { OwnPasskeys } from '../features/access/passkeys';
import { areasFor } from '../lib/areas';
import { useStaff } from '../lib/session';

/** The back office's start: the areas the role may open, each with what it is for, and the own passkeys (issue: passkeys). */
export function Component() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  return (
    <>
      <PageTitle>{t('home.title', { name: staff.name || staff.email })}</PageTitle>
      <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
        {areasFor(staff.role).map((key) => (
          <div className="col" key={key}>
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h5 card-title">
                  <Link to={`/${key}`}>{t(`nav.${key}`)}</Link>
                </h2>
                <p className="card-text">{t(`home.areas.${key}`)}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <OwnPasskeys />
    </>
  );
}
