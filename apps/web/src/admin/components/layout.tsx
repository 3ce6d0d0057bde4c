import { adminAccessCalls } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { areasFor } from '../lib/areas';
import { ADMIN_LANGUAGES, type AdminLanguage, changeAdminLanguage } from '../lib/i18n';
import { staffQuery, useStaff } from '../lib/session';

/**
 * The signed-in back office: a top bar with the areas the role may open (collapsed behind a menu
 * button below 992 px; on wider screens the areas wrap onto a second line when an admin's twelve do
 * not fit), the language switch, the account and logout; the screen below.
 */
export function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const staff = useStaff();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function logout() {
    await call(adminAccessCalls.logout).catch(() => undefined);
    queryClient.setQueryData(staffQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'admin' || q.queryKey[1] !== 'me' });
    navigate('/login');
  }

  async function switchLanguage(lng: AdminLanguage) {
    await changeAdminLanguage(lng);
    void call(adminAccessCalls.setLanguage, { body: { language: lng } }).catch(() => undefined);
  }

  return (
    <>
      <a className="visually-hidden-focusable position-absolute m-2 btn btn-light" href="#main">
        {t('nav.skip')}
      </a>
      <header>
        <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label={t('nav.label')}>
          <div className="container-fluid">
            <NavLink className="navbar-brand" to="/" end>
              {t('title')}
            </NavLink>
            <button
              className="navbar-toggler"
              type="button"
              aria-controls="admin-nav"
              aria-expanded={open}
              aria-label={t('nav.toggle')}
              onClick={() => setOpen((o) => !o)}
            >
              <span className="navbar-toggler-icon" />
            </button>
            <div className={`collapse navbar-collapse${open ? ' show' : ''}`} id="admin-nav">
              <ul className="navbar-nav me-auto flex-wrap">
                {areasFor(staff.role).map((key) => (
                  <li className="nav-item" key={key}>
                    <NavLink className="nav-link" to={`/${key}`} onClick={() => setOpen(false)}>
                      {t(`nav.${key}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="d-flex flex-wrap align-items-center gap-2 py-2 py-lg-0">
                <span className="navbar-text small" data-testid="admin-account">
                  {staff.email} · {t(`roles.${staff.role}`)}
                </span>
                <fieldset className="btn-group btn-group-sm" aria-label={t('language')}>
                  {ADMIN_LANGUAGES.map((lng) => (
                    <button
                      key={lng}
                      type="button"
                      lang={lng}
                      className={`btn ${i18n.language === lng ? 'btn-light' : 'btn-outline-light'}`}
                      aria-pressed={i18n.language === lng}
                      onClick={() => void switchLanguage(lng)}
                    >
                      {lng.toUpperCase()}
                    </button>
                  ))}
                </fieldset>
                <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void logout()}>
                  {t('logout')}
                </button>
              </div>
            </div>
          </div>
        </nav>
      </header>
      <main id="main" className="container-fluid py-3" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
