import { createBrowserRouter, Navigate, Outlet, type RouteObject, redirect } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AdminLayout } from './components/layout';
import { AdminRouteError } from './components/route-error';
import { staffQuery } from './lib/session';

/** Signed-in screens need a full staff session; without one the login opens. */
async function requireStaff() {
  const staff = await queryClient.fetchQuery(staffQuery);
  if (!staff) throw redirect('/login');
  return null;
}

/**
 * The back office's screens under /admin (issue: back office I), each a lazily loaded module of
 * ./routes exporting `Component`. Areas follow lib/areas.ts.
 */
const routes: RouteObject[] = [
  { path: '/login', lazy: () => import('./routes/login'), errorElement: <AdminRouteError /> },
  {
    path: '/',
    loader: requireStaff,
    element: <AdminLayout />,
    errorElement: <AdminRouteError />,
    children: [
      {
        errorElement: <AdminRouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          { path: 'inbox', lazy: () => import('./routes/inbox') },
          { path: 'inbox/response-times', lazy: () => import('./routes/response-times') },
          { path: 'inbox/:id', lazy: () => import('./routes/inbox-conversation') },
          { path: 'photos', lazy: () => import('./routes/photos') },
          { path: 'verifications', lazy: () => import('./routes/verifications') },
          { path: 'reports', lazy: () => import('./routes/reports') },
          { path: 'reports/:id', lazy: () => import('./routes/report') },
          { path: 'signals', lazy: () => import('./routes/signals') },
          { path: 'signals/:id', lazy: () => import('./routes/signal-member') },
          { path: 'members', lazy: () => import('./routes/members') },
          { path: 'members/:id', lazy: () => import('./routes/member') },
          { path: 'complaints', lazy: () => import('./routes/complaints') },
          { path: 'complaints/:id', lazy: () => import('./routes/complaint') },
          { path: 'payments', lazy: () => import('./routes/payments') },
          { path: 'payments/:id', lazy: () => import('./routes/payment') },
          { path: 'fictional', lazy: () => import('./routes/fictional') },
          { path: 'fictional/:id', lazy: () => import('./routes/fictional-profile') },
          { path: 'sites', lazy: () => import('./routes/sites') },
          { path: 'sites/:id', lazy: () => import('./routes/site') },
          { path: 'sites/:id/pages', lazy: () => import('./routes/site-pages') },
          { path: 'shop', lazy: () => import('./routes/shop') },
          { path: 'staff', lazy: () => import('./routes/staff') },
          { path: 'audit', lazy: () => import('./routes/audit') },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

/** The back office's router, mounted at /admin. */
export function createAdminRouter() {
  return createBrowserRouter([{ element: <Outlet />, children: routes }], { basename: '/admin' });
}
