import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ErrorPage, RootErrorPage } from './components/error-page';
import { ChatLayout } from './components/layouts/chat-layout';
import { DefaultLayout } from './components/layouts/default-layout';
import { EmptyLayout } from './components/layouts/empty-layout';
import { LandingLayout } from './components/layouts/landing-layout';
import { ProgressBar } from './components/progress-bar';
import { Splash } from './components/splash';
import { Toasts } from './components/toasts';
import { redirectMember, requireUser } from './features/session/loaders';
import { RequireUser } from './features/session/require-user';
import { useSessionRefresh } from './features/session/use-session-refresh';
import type { RouteHandle } from './lib/use-route-name';

/** Lander names of SPEC.md 2 that take an optional slug. */
export const LANDER_NAMES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

const placeholder = () => import('./routes/placeholder-page');

/** A route showing the honest placeholder; `key` names its title and purpose in the catalogue (routes.<key>). */
function stub(path: string, name: string, key: string = name): RouteObject {
  const handle: RouteHandle = { name, titleKey: `routes.${key}.title`, purposeKey: `routes.${key}.purpose` };
  return { path, handle, lazy: placeholder };
}

function legal(page: string): RouteObject {
  const handle: RouteHandle = {
    name: `pages-${page}`,
    titleKey: `routes.pages-${page}.title`,
    purposeKey: `routes.pages-${page}.purpose`,
  };
  return { path: `pages/${page}`, handle, lazy: () => import('./routes/legal-page') };
}

const profileRoute = (path: string, name: string): RouteObject => ({
  path,
  handle: { name },
  lazy: () => import('./routes/member-profile'),
});
const notFound = () => import('./routes/not-found-page');

/** Every route of SPEC.md section 2, grouped by layout; screens load lazily. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <Splash />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { index: true, handle: { name: 'index' }, loader: redirectMember, lazy: () => import('./routes/home') },
              {
                path: 'login',
                handle: { name: 'login' },
                loader: redirectMember,
                lazy: () => import('./routes/login'),
              },
              { path: 'members', handle: { name: 'members' }, lazy: () => import('./routes/members') },
              profileRoute('members/:id', 'members-id'),
              stub('activate/done', 'activate-done'),
              stub('activate/error', 'activate-error'),
              stub('mail-change/do', 'mail-change-do'),
              stub('account-deleted', 'account-deleted'),
              stub('pricing', 'pricing'),
              stub('complaints', 'complaints'),
              ...['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'].map(legal),
              {
                loader: requireUser,
                element: <RequireUser />,
                children: [
                  stub('likes', 'likes'),
                  stub('likes/:type', 'likes-type'),
                  profileRoute('likes/m/:id', 'likes-m-id'),
                  stub('chats', 'chats'),
                  stub('match-finder', 'match-finder'),
                  stub('swipe-game', 'swipe-game'),
                  { path: 'profile', handle: { name: 'profile' }, lazy: () => import('./routes/profile-edit') },
                  stub('notifications', 'notifications'),
                  stub('lang-config', 'lang-config'),
                  stub('credits', 'credits'),
                  stub('credits/repeat-order', 'credits-repeat-order'),
                  stub('credits/:id/:paymentmethod?', 'credits-id-paymentmethod'),
                  stub('directdebit', 'directdebit'),
                  stub('transactions/:id?', 'transactions'),
                  stub('premium', 'premium'),
                ],
              },
              // {token} static pages: none are published yet, so every token is a 404.
              { path: ':token', handle: { name: 'token' }, lazy: notFound },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      {
        element: <EmptyLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { ...stub('signup', 'signup'), loader: redirectMember },
              stub('complete-signup', 'complete-signup'),
              stub('signup-matches', 'signup-matches'),
              stub('reset-password', 'reset-password'),
              stub('reset-password/do', 'reset-password-do'),
            ],
          },
        ],
      },
      {
        element: <ChatLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            loader: requireUser,
            element: <RequireUser />,
            children: [stub('chats/:id', 'chats-id'), stub('members/:id/chat', 'members-id-chat')],
          },
        ],
      },
      {
        element: <LandingLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              stub('members/:id/landing', 'members-id-landing', 'landing'),
              stub('members/:id/signup', 'members-id-signup', 'landing'),
              stub('members/:id/landing2/:slug?', 'members-id-landing2-slug', 'landing'),
              stub('members/:id/landing3/:slug?', 'members-id-landing3-slug', 'landing'),
              ...LANDER_NAMES.map((name) => stub(`landers/${name}/:slug?`, `landers-${name}-slug`, 'landers')),
              stub('landers/tinderswipe', 'landers-tinderswipe', 'landers-tinderswipe'),
            ],
          },
        ],
      },
    ],
  },
];

/** Root element: progress bar, toasts, scroll restoration and the session refresh around every layout. */
function AppShell() {
  useSessionRefresh();
  return (
    <>
      <ProgressBar />
      <Outlet />
      <Toasts />
      <ScrollRestoration />
    </>
  );
}

/** Creates the browser data router. */
export function createRouter() {
  return createBrowserRouter(routes);
}
