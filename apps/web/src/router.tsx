import { LANDER_NAMES, LEGAL_PAGE_SLUGS } from '@app/contracts';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ErrorPage, RootErrorPage } from './components/error-page';
import { DefaultLayout } from './components/layouts/default-layout';
import { ProgressBar } from './components/progress-bar';
import { Splash } from './components/splash';
import { Toasts } from './components/toasts';
import {
  redirectMember,
  redirectMemberFromSignup,
  redirectMemberToProfile,
  requireUser,
} from './features/session/loaders';
import { prefetchChats, prefetchProfile, prefetchSearch } from './features/session/prefetch-screen-data';
import { RequireUser } from './features/session/require-user';
import { useSessionRefresh } from './features/session/use-session-refresh';
import { loadNamespaces, type Namespace, preloadNamespaces, SCREEN_NAMESPACES } from './lib/i18n';
import { type Importer, memberScreenImporters } from './lib/prefetch-routes';
import type { PreloadableLazy } from './lib/preload-screen';
import { isPushSubscribed } from './lib/push';
import { loadServerPage } from './lib/server-page';
import type { RouteHandle } from './lib/use-route-name';

const notFound = () => import('./routes/not-found-page');

/**
 * A screen: its module loaded together with the catalogues screens share (SCREEN_NAMESPACES) and
 * `more`, so it never renders before its texts. Only the member search needs none of them, so they
 * stay out of its first download (docs/client.md, client budget).
 */
function screen<T>(load: () => Promise<T>, more: readonly Namespace[] = []): PreloadableLazy<T> {
  const namespaces = [...SCREEN_NAMESPACES, ...more];
  return Object.assign(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module), {
    preload: (lng: string) => {
      void load().catch(() => undefined);
      preloadNamespaces(lng, namespaces);
    },
  });
}

/** A screen that needs no catalogue beyond the first download's (the member search). */
function firstScreen<T>(load: () => Promise<T>): PreloadableLazy<T> {
  return Object.assign(() => load(), { preload: () => void load().catch(() => undefined) });
}

/** A money screen: its module and the money and billing catalogues, loaded together (lib/i18n.ts). */
function withMoneyCatalogues<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadNamespaces(['money', 'billing'])]).then(([module]) => module);
}

/** The loader of a screen's route module (react-router's `lazy` function form). */
type ScreenModule = Extract<RouteObject['lazy'], () => unknown>;

/**
 * A named, lazily loaded route: `path` as react-router matches it, `name` the route name of SPEC.md 2
 * (read back by useRouteName), `key` naming its title and purpose in the catalogue (routes.<key>.title,
 * routes.<key>.purpose; defaults to `name`), and `lazy` the screen module.
 */
function namedRoute(path: string, name: string, key: string, lazy: ScreenModule): RouteObject {
  const handle: RouteHandle = { name, titleKey: `routes.${key}.title`, purposeKey: `routes.${key}.purpose` };
  return { path, handle, lazy: screen(lazy) };
}

/**
 * A page the server renders (issue: public site: packages/public-site): following a link to it inside
 * the app loads it from the server (lib/server-page.ts).
 */
function serverPage(path: string, name: string): RouteObject {
  return { path, handle: { name }, loader: loadServerPage, lazy: notFound };
}

const profileRoute = (path: string, name: string): RouteObject => ({
  path,
  handle: { name },
  loader: prefetchProfile,
  lazy: screen(() => import('./routes/member-profile')),
});
/** Screens of the access issue (SPEC.md 2), one lazily loaded module each in routes/<name>.tsx. */
const ACCESS_SCREENS = {
  signup: () => import('./routes/signup'),
  'complete-signup': () => import('./routes/complete-signup'),
  'signup-matches': () => import('./routes/signup-matches'),
  'reset-password': () => import('./routes/reset-password'),
  'reset-password-do': () => import('./routes/reset-password-do'),
  'activate-done': () => import('./routes/activate-done'),
  'activate-error': () => import('./routes/activate-error'),
  'mail-change-do': () => import('./routes/mail-change-do'),
  'account-deleted': () => import('./routes/account-deleted'),
  notifications: () =>
    Promise.all([import('./routes/notifications'), loadNamespaces(['notifications'])]).then(([module]) => module),
  unsubscribe: () =>
    Promise.all([import('./routes/unsubscribe'), loadNamespaces(['unsubscribe'])]).then(([module]) => module),
} as const;

function access(path: string, name: keyof typeof ACCESS_SCREENS): RouteObject {
  const handle: RouteHandle = { name, titleKey: `routes.${name}.title` };
  const load: ScreenModule = ACCESS_SCREENS[name];
  return { path, handle, lazy: screen(load) };
}

/**
 * Every route of SPEC.md section 2, grouped by layout; screens load lazily, and so do the layouts
 * other than the default one (docs/client.md, client budget).
 */
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
              {
                index: true,
                handle: { name: 'index' },
                loader: async (args) => (await redirectMember()) ?? loadServerPage(args),
                lazy: notFound,
              },
              {
                path: 'login',
                handle: { name: 'login' },
                loader: redirectMember,
                lazy: screen(() => import('./routes/login')),
              },
              {
                path: 'members',
                handle: { name: 'members' },
                loader: prefetchSearch,
                lazy: firstScreen(() => import('./routes/members')),
              },
              profileRoute('members/:id', 'members-id'),
              access('activate/done', 'activate-done'),
              access('activate/error', 'activate-error'),
              access('mail-change/do', 'mail-change-do'),
              access('account-deleted', 'account-deleted'),
              serverPage('pricing', 'pricing'),
              namedRoute(
                'complaints',
                'complaints',
                'complaints',
                withMoneyCatalogues(() => import('./routes/complaints')),
              ),
              ...LEGAL_PAGE_SLUGS.map((slug) => serverPage(`pages/${slug}`, `pages-${slug}`)),
              {
                loader: requireUser,
                element: <RequireUser />,
                children: [
                  namedRoute('likes', 'likes', 'likes', () => import('./routes/likes')),
                  namedRoute('likes/:type', 'likes-type', 'likes-type', () => import('./routes/likes')),
                  profileRoute('likes/m/:id', 'likes-m-id'),
                  { ...namedRoute('chats', 'chats', 'chats', () => import('./routes/chats')), loader: prefetchChats },
                  namedRoute('match-finder', 'match-finder', 'match-finder', () => import('./routes/match-finder')),
                  namedRoute('swipe-game', 'swipe-game', 'swipe-game', () => import('./routes/swipe-game')),
                  { path: 'profile', handle: { name: 'profile' }, lazy: screen(() => import('./routes/profile-edit')) },
                  namedRoute('verify', 'verify', 'verify', () => import('./routes/verify')),
                  access('notifications', 'notifications'),
                  namedRoute('lang-config', 'lang-config', 'lang-config', () =>
                    Promise.all([import('./routes/lang-config'), loadNamespaces(['notifications'])]).then(
                      ([module]) => module,
                    ),
                  ),
                  namedRoute(
                    'credits',
                    'credits',
                    'credits',
                    withMoneyCatalogues(() => import('./routes/credits')),
                  ),
                  namedRoute(
                    'credits/repeat-order',
                    'credits-repeat-order',
                    'credits-repeat-order',
                    withMoneyCatalogues(() => import('./routes/credits-repeat-order')),
                  ),
                  namedRoute(
                    'credits/:id/:paymentmethod?',
                    'credits-id-paymentmethod',
                    'credits-id-paymentmethod',
                    withMoneyCatalogues(() => import('./routes/credits-pay')),
                  ),
                  namedRoute(
                    'directdebit',
                    'directdebit',
                    'directdebit',
                    withMoneyCatalogues(() => import('./routes/direct-debit')),
                  ),
                  namedRoute(
                    'transactions/:id?',
                    'transactions',
                    'transactions',
                    withMoneyCatalogues(() => import('./routes/transactions')),
                  ),
                  namedRoute(
                    'premium',
                    'premium',
                    'premium',
                    withMoneyCatalogues(() => import('./routes/premium')),
                  ),
                ],
              },
              // {token} pages: the server renders those that exist (shipped or written by staff).
              serverPage(':token', 'token'),
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      {
        lazy: () => import('./components/layouts/empty-layout').then((m) => ({ Component: m.EmptyLayout })),
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { ...access('signup', 'signup'), loader: redirectMemberFromSignup },
              access('complete-signup', 'complete-signup'),
              access('signup-matches', 'signup-matches'),
              access('reset-password', 'reset-password'),
              access('reset-password/do', 'reset-password-do'),
              access('unsubscribe', 'unsubscribe'),
            ],
          },
        ],
      },
      {
        lazy: () => import('./components/layouts/chat-layout').then((m) => ({ Component: m.ChatLayout })),
        children: [
          {
            errorElement: <ErrorPage />,
            loader: requireUser,
            element: <RequireUser />,
            children: [
              namedRoute('chats/:id', 'chats-id', 'chats-id', () => import('./routes/chats')),
              namedRoute(
                'members/:id/chat',
                'members-id-chat',
                'members-id-chat',
                () => import('./routes/member-chat'),
              ),
            ],
          },
        ],
      },
      {
        lazy: () => import('./components/layouts/landing-layout').then((m) => ({ Component: m.LandingLayout })),
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              serverPage('members/:id/landing', 'members-id-landing'),
              {
                path: 'members/:id/signup',
                handle: { name: 'members-id-signup' },
                loader: redirectMemberToProfile,
                lazy: screen(() => import('./routes/member-signup')),
              },
              serverPage('members/:id/landing2/:slug?', 'members-id-landing2-slug'),
              serverPage('members/:id/landing3/:slug?', 'members-id-landing3-slug'),
              ...LANDER_NAMES.map((name) => serverPage(`landers/${name}/:slug?`, `landers-${name}-slug`)),
              serverPage('landers/tinderswipe', 'landers-tinderswipe'),
            ],
          },
        ],
      },
    ],
  },
];

/** Root element: progress bar, toasts, scroll restoration and the session refresh around every layout. */
function AppShell() {
  useSessionRefresh(isPushSubscribed);
  return (
    <>
      <ProgressBar />
      <Outlet />
      <Toasts />
      <ScrollRestoration />
    </>
  );
}

/** The `lazy` imports of the member area's screens, for the idle prefetch (lib/prefetch-routes.ts). */
export function memberScreenImports(): Importer[] {
  return memberScreenImporters(routes, (route) => route.loader === requireUser);
}

/** Creates the browser data router. */
export function createRouter() {
  return createBrowserRouter(routes);
}
