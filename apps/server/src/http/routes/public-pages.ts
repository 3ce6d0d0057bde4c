import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Profile, ProfileView, SearchQuery, User } from '@app/contracts';
import {
  FREE_CONVERSATION_LIMIT,
  FREE_PHOTO_LIMIT,
  isValidPageToken,
  LEGAL_PAGE_SLUGS,
  LOCALE_COOKIE,
  MINIMUM_AGE,
  memberCalls,
  PREMIUM_PHOTO_LIMIT,
  REACTIVATION_DAYS,
  SEARCH_FILTER_COOKIE,
  SEARCH_FILTER_KEYS,
  SEARCH_PAGE_SIZE,
  SHOWN_ALERT_COOKIE,
  searchDefaults,
  snapshotAlert,
  TIME_BONUS_SECONDS,
  TRACKING_PARAMS,
  termsVersionDate,
  WELCOME_DISCOUNT_PERCENTAGE,
} from '@app/contracts';
import {
  AlertSnapshot,
  AppNavSnapshot,
  ChatsSnapshot,
  fillPlaceholders,
  HomePage,
  LanderPage,
  LegalPage,
  landerHead,
  localeTag,
  MembersSnapshot,
  NotFoundPage,
  type PageContext,
  type PageHead,
  PricingPage,
  ProfileLanderPage,
  type ProfileLanderVariant,
  ProfileSnapshot,
  type PublicAssets,
  PublicLayout,
  photoUrl,
  profileLanderHead,
  renderDocument,
  renderHeadTags,
  renderPageMarkdown,
  type SearchSnapshot,
} from '@app/public-site';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Fragment, h, type JSX } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { regionsOf } from '../../geo/regions.js';
import { formatDate, LOCALE_COOKIE_NAME } from '../../i18n.js';
import { RETENTION_DAYS } from '../../jobs/kinds.js';
import { presentChatList } from '../../presenters/chat.js';
import { presentSearchResults } from '../../presenters/discovery.js';
import { presentProfileView } from '../../presenters/profile-view.js';
import { presentLander, presentProfileLander } from '../../presenters/public-landers.js';
import {
  consentProps,
  type PublicRequest,
  pageContext,
  pageHead,
  pageLanguage,
  pageUrl,
  presentNavMember,
  signupDialogProps,
  siteDefaultLanguage,
  siteEntryProps,
} from '../../presenters/public-page.js';
import { presentCompany } from '../../presenters/settings.js';
import { listMemberChats } from '../../services/chat/list-chats.js';
import { searchMembers } from '../../services/discovery/search-members.js';
import { viewCredits } from '../../services/money/view-credits.js';
import { viewProfile } from '../../services/profile/view-profile.js';
import { loadLander, loadProfileLander } from '../../services/public/landers.js';
import { loadNavMember } from '../../services/public/nav-member.js';
import { listTokenPages, loadPageText } from '../../services/public/site-pages.js';
import { companyOf } from '../../services/sites/site-lookup.js';
import { appIconPath } from '../../services/sites/web-manifest.js';
import { geoipCountry } from '../geoip.js';

/** With one of these in a member's /members URL the app asks another search than the first page: no snapshot. */
const OTHER_SEARCH_PARAMS: readonly string[] = [...SEARCH_FILTER_KEYS, 'page'];

/** Key of the public pages' script in the web build's manifest (apps/web/vite.config.ts). */
const PUBLIC_ENTRY = 'src/public-entry.ts';
/** /landers/{name} and /landers/{name}/{slug}. */
const LANDER_PATH = /^\/landers\/([a-z]+)(?:\/([^/]+))?$/;
/** /members/{id}/landing, /members/{id}/landing2/{slug}, /members/{id}/landing3/{slug}. */
const PROFILE_LANDER_PATH = /^\/members\/(\d{1,12})\/landing(2|3)?(?:\/([^/]+))?$/;
/** Paths of a {token} page: one lower-case segment (contracts: isValidPageToken decides further). */
const TOKEN_PATH = /^\/([a-z0-9][a-z0-9-]{1,48})$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The public entry's files from the build manifest; none when the client is not built (API-only tests). */
export function readPublicAssets(webDist: string): PublicAssets {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { script: null, preload: [], styles: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) return { script: null, preload: [], styles: [] };
  const preload = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return {
    script: `/${entry.file}`,
    preload: [...preload].map((f) => `/${f}`),
    styles: [...styles].map((f) => `/${f}`),
  };
}

/** The visitor came through an ad link: the traffic-source cookie, or tracking values on this URL (SPEC.md 4, 5). */
function hasTrafficSource(req: FastifyRequest, query: URLSearchParams): boolean {
  return Boolean(req.cookies.trafficsource) || TRACKING_PARAMS.some((key) => query.get(key));
}

/** A rendered page: HTML and status. */
interface RenderedPage {
  status: number;
  html: string;
}

/**
 * The server-rendered public pages (issue: public site; SPEC.md 2): /, /pages/{slug}, /pricing and the
 * {token} pages, with the landers added by services/public/landers.ts. `render` answers null for any
 * other path, which the member app then serves.
 */
export function createPublicPages(deps: AppDeps) {
  const { config } = deps;
  let assets: PublicAssets | null = null;
  const publicAssets = () => {
    assets ??= readPublicAssets(config.webDist);
    return assets;
  };

  /**
   * What a page of `pathName` needs of the request. `withCompany`: the company facts of the footer
   * and legal texts (one query), which the app's snapshots do not show.
   */
  async function requestOf(
    req: FastifyRequest,
    pathName: string,
    query: URLSearchParams,
    withCompany = true,
  ): Promise<PublicRequest> {
    const company = withCompany ? await companyOf({ db: deps.db }, { site: req.site }) : null;
    const member = req.user ? presentNavMember(req.site, await loadNavMember(deps, { user: req.user })) : null;
    return {
      site: req.site,
      path: pathName,
      queryLang: query.get('lang') ?? undefined,
      requestLocale: req.locale,
      loggedIn: req.user !== null,
      member,
      hasTrafficSource: hasTrafficSource(req, query),
      geoipCountry: geoipCountry(req.headers),
      company: company ? presentCompany(company) : null,
    };
  }

  function page(
    ctx: PageContext,
    req: FastifyRequest,
    request: PublicRequest,
    head: PageHead,
    body: JSX.Element,
    status = 200,
  ): RenderedPage {
    const layout = h(PublicLayout, {
      ctx,
      siteEntry: siteEntryProps(ctx, req.site, request.geoipCountry),
      consent: consentProps(ctx, req.site),
      signup: signupDialogProps(ctx),
      children: body,
    });
    return { status, html: renderDocument({ ctx, head, body: layout, assets: publicAssets() }) };
  }

  /** Values of the legal texts' `{{placeholders}}` (locales/<lng>/pages/*.md). */
  function legalValues(ctx: PageContext, req: FastifyRequest): Record<string, string | number> {
    const { site, company, lang } = ctx;
    const countryName = (code: string) => countryNameIn(code, lang);
    return {
      site_name: site.name,
      site_domain: site.domain,
      site_url: site.origin,
      company_name: company?.name ?? site.name,
      company_address: company?.address ?? '',
      company_city: company?.city ?? '',
      company_country: company ? countryName(company.country) : '',
      company_kvk: company?.kvk ?? '',
      company_tradenames: company?.tradenames.join(', ') || site.name,
      company_vat_numbers: company?.vat_numbers.join(', ') ?? '',
      support_email: site.support_email,
      support_phone: site.support_phone,
      refund_days: site.refund_days,
      terms_date: formatDate(termsVersionDate(company?.added), localeTag(lang), { dateStyle: 'long', timeZone: 'UTC' }),
      min_age: MINIMUM_AGE,
      reactivation_days: REACTIVATION_DAYS,
      login_attempt_days: RETENTION_DAYS.login_attempts,
      page_event_days: RETENTION_DAYS.page_events,
      mail_log_days: RETENTION_DAYS.outbox,
      mail_feedback_days: RETENTION_DAYS.mail_feedback,
      free_photos: FREE_PHOTO_LIMIT,
      premium_photos: PREMIUM_PHOTO_LIMIT,
      free_conversations: FREE_CONVERSATION_LIMIT,
      message_credits: req.site.message_credits,
      photo_credits: req.site.photo_credits,
      gift_credits: req.site.gift_credits,
      welcome_discount_percent: WELCOME_DISCOUNT_PERCENTAGE,
      time_bonus_hours: TIME_BONUS_SECONDS / 3600,
      fictional_singular: site.fictional_singular,
      fictional_plural: site.fictional_plural,
      fictional_warning: site.fictional_warning,
    };
  }

  async function home(req: FastifyRequest, ctx: PageContext, request: PublicRequest): Promise<RenderedPage> {
    const members = ctx.site.loggedOutSearchAllowed
      ? presentSearchResults(
          await searchMembers(deps, {
            site: req.site,
            viewer: null,
            query: { page: 1, per_page: 8 } as never,
            hasTrafficSource: request.hasTrafficSource,
          }),
          deps.clock.now(),
        ).results.slice(0, 8)
      : [];
    const { site, t } = ctx;
    const head = pageHead(ctx, {
      title: site.index_title || t('home.title', { site: site.name }),
      description: site.description || t('layout.defaultDescription', { site: site.name }),
      image: `${site.origin}${appIconPath('512.png')}`,
      structuredData: [
        { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: `${site.origin}/` },
        ...(ctx.company
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'Organization',
                name: ctx.company.name,
                url: `${site.origin}/`,
                email: site.support_email,
                telephone: site.support_phone,
                address: {
                  '@type': 'PostalAddress',
                  streetAddress: ctx.company.address,
                  addressLocality: ctx.company.city,
                  addressCountry: ctx.company.country,
                },
              },
            ]
          : []),
      ],
    });
    return page(ctx, req, request, head, h(HomePage, { ctx, model: { members } }));
  }

  async function textPage(
    req: FastifyRequest,
    ctx: PageContext,
    request: PublicRequest,
    slug: string,
    closed = false,
  ): Promise<RenderedPage | null> {
    const text = await loadPageText(deps, {
      siteId: req.site.id,
      slug,
      language: ctx.lang,
      siteLanguage: siteDefaultLanguage(req.site),
    });
    if (!text) return null;
    const values = legalValues(ctx, req);
    const html = renderPageMarkdown(text.body, values);
    const fill = (text: string) => fillPlaceholders(text, values);
    const title = fill(text.title);
    const head = pageHead(ctx, {
      title: `${title} · ${ctx.site.name}`,
      description: fill(text.description) || title,
      ogType: 'article',
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': slug === 'faq' ? 'FAQPage' : 'WebPage',
          name: title,
          inLanguage: text.language,
          url: pageUrl(ctx.site, ctx.path, ctx.lang),
          ...(slug === 'faq' ? { mainEntity: faqEntities(text.body, values) } : {}),
        },
      ],
    });
    const versionDate = slug === 'terms' ? String(values.terms_date) : null;
    const closedNotice = slug === 'ban' && closed;
    return page(
      ctx,
      req,
      request,
      head,
      h(LegalPage, { ctx, model: { slug, title, html, versionDate, closedNotice } }),
    );
  }

  async function pricing(req: FastifyRequest, ctx: PageContext, request: PublicRequest): Promise<RenderedPage> {
    const overview = await viewCredits(deps, { site: req.site, user: req.user });
    const head = pageHead(ctx, {
      title: `${ctx.t('money:pricing.title')} · ${ctx.site.name}`,
      description: ctx.t('money:pricing.intro'),
    });
    const model = {
      packages: overview.packages,
      costs: overview.costs,
      refund_days: overview.refund_days,
      premiumPhotos: PREMIUM_PHOTO_LIMIT,
    };
    return page(ctx, req, request, head, h(PricingPage, { ctx, model }));
  }

  /** The public 404 page (SPEC.md 8), not indexed. */
  function notFoundPage(req: FastifyRequest, ctx: PageContext, request: PublicRequest): RenderedPage {
    const head = pageHead(ctx, {
      title: `${ctx.t('notFound.title')} · ${ctx.site.name}`,
      description: ctx.t('notFound.text'),
      robots: 'noindex',
    });
    return page(ctx, req, request, head, h(NotFoundPage, { ctx }), 404);
  }

  /** A lander (SPEC.md 2 /landers/{name}/{slug}, /landers/tinderswipe): 404 page when unknown. */
  async function landerPage(
    req: FastifyRequest,
    request: PublicRequest,
    name: string,
    slug: string | null,
  ): Promise<RenderedPage | null> {
    const data = await loadLander(deps, { site: req.site, name, slug });
    const ctx = pageContext(config, request);
    if (!data) return notFoundPage(req, ctx, request);
    const model = presentLander(data, deps.clock.now());
    const head = pageHead(ctx, { ...landerHead(ctx, model), ogType: 'website' });
    return page(ctx, req, request, head, h(LanderPage, { ctx, model }));
  }

  /** A profile lander (SPEC.md 2 /members/{id}/landing, /landing2/{slug}, /landing3/{slug}). */
  async function profileLanderPage(
    req: FastifyRequest,
    request: PublicRequest,
    id: number,
    variant: ProfileLanderVariant,
    slug: string | null,
  ): Promise<RenderedPage | null> {
    const data = await loadProfileLander(deps, { site: req.site, id, variant, slug });
    if (!data) return notFoundPage(req, pageContext(config, request), request);
    const model = presentProfileLander(data, deps.clock.now());
    const ctx = pageContext(config, { ...request, signupPath: model.signupPath });
    const head = pageHead(ctx, { ...profileLanderHead(ctx, model), ogType: 'profile' });
    return page(ctx, req, request, head, h(ProfileLanderPage, { ctx, model }));
  }

  /**
   * Renders the public page at the request's path, or answers null when the path is not one (the
   * member app serves it). A visitor's `?lang=` is remembered in the locale cookie, so the member
   * app continues in that language.
   */
  async function render(req: FastifyRequest, reply: FastifyReply, url: URL): Promise<RenderedPage | null> {
    const pathName = url.pathname.replace(/\/+$/, '') || '/';
    const legal = /^\/pages\/([a-z-]+)$/.exec(pathName)?.[1];
    // A one-segment path is a {token} page only when the site has one by that name (shipped or
    // written by staff); /login, /members and the app's other screens are left alone entirely.
    const tokenMatch = TOKEN_PATH.exec(pathName)?.[1];
    const token =
      tokenMatch !== undefined &&
      isValidPageToken(tokenMatch) &&
      (await listTokenPages(deps, { siteId: req.site.id })).includes(tokenMatch)
        ? tokenMatch
        : undefined;
    const lander = LANDER_PATH.exec(pathName);
    const profileLander = PROFILE_LANDER_PATH.exec(pathName);
    const isPublic =
      pathName === '/' ||
      pathName === '/pricing' ||
      legal !== undefined ||
      token !== undefined ||
      lander !== null ||
      profileLander !== null;
    if (!isPublic) return null;
    if (pathName === '/' && req.user) {
      reply.redirect('/members', 302);
      return { status: 302, html: '' };
    }
    // One URL, one language (canonical and hreflang stay true): the unqualified URL is the site's
    // default language; a visitor who prefers another language the site shows (their account, the
    // locale cookie, Accept-Language) is sent to that language's URL, the rest of the query kept.
    const queryLang = url.searchParams.get('lang');
    const preferred = pageLanguage(req.site, queryLang ?? undefined, req.locale);
    if (preferred !== queryLang && preferred !== siteDefaultLanguage(req.site)) {
      url.searchParams.set('lang', preferred);
      reply.header('vary', 'Cookie, Accept-Language');
      reply.redirect(`${url.pathname}${url.search}`, 302);
      return { status: 302, html: '' };
    }
    const request = {
      ...(await requestOf(req, pathName, url.searchParams)),
      requestLocale: siteDefaultLanguage(req.site),
    };
    const ctx = pageContext(config, request);
    if (queryLang && queryLang === ctx.lang && req.cookies[LOCALE_COOKIE_NAME] !== queryLang) {
      reply.setCookie(LOCALE_COOKIE_NAME, queryLang, {
        path: '/',
        maxAge: LOCALE_COOKIE.days * 24 * 3600,
        sameSite: 'lax',
      });
    }
    if (lander) return landerPage(req, request, lander[1] ?? '', lander[2] ?? null);
    if (profileLander) {
      const variant: ProfileLanderVariant =
        profileLander[2] === '2' ? 'landing2' : profileLander[2] === '3' ? 'landing3' : 'landing';
      return profileLanderPage(req, request, Number(profileLander[1]), variant, profileLander[3] ?? null);
    }
    if (pathName === '/') return home(req, ctx, request);
    if (pathName === '/pricing') return pricing(req, ctx, request);
    if (legal !== undefined) {
      if (!(LEGAL_PAGE_SLUGS as readonly string[]).includes(legal)) return notFoundPage(req, ctx, request);
      const closed = legal === 'ban' && url.searchParams.get('closed') === '1';
      return (await textPage(req, ctx, request, legal, closed)) ?? notFoundPage(req, ctx, request);
    }
    // A {token} page exists only when shipped or written by staff; any other one-segment path
    // (/login, /members, ...) is the member app's.
    return token ? textPage(req, ctx, request, token) : null;
  }

  /**
   * The first page of the search the app asks first on /members and the form it shows above it (the
   * app's resolveSearch): a member's remembered filter (SEARCH_FILTER_COOKIE, when it is theirs and
   * valid), else no filters, which the server fills with the member's defaults (their gender's
   * interest, their own age ±8) and which the form shows; every member for a visitor.
   */
  async function firstSearch(
    req: FastifyRequest,
    hasTrafficSource: boolean,
    user: User | null,
    lang: string,
  ): Promise<SearchSnapshot> {
    const first = { page: 1, per_page: SEARCH_PAGE_SIZE };
    const remembered = rememberedFilter(req.cookies[SEARCH_FILTER_COOKIE.name], req.user?.id);
    const asked = remembered ? memberCalls.search.query.safeParse({ ...remembered, explicit: '1', ...first }) : null;
    const now = deps.clock.now();
    const found = presentSearchResults(
      await searchMembers(deps, {
        site: req.site,
        viewer: req.user,
        query: asked?.success ? asked.data : memberCalls.search.query.parse(first),
        hasTrafficSource,
      }),
      now,
    );
    const born = user?.profile.date_of_birth;
    const values: Partial<SearchQuery> = asked?.success
      ? asked.data
      : user && born
        ? searchDefaults({ ...user.profile, date_of_birth: born }, now)
        : {};
    const country = values.country;
    return {
      cards: found.results,
      numResults: found.numResults,
      numResultsCapped: found.numResultsCapped === true,
      form: {
        gender: values.gender,
        country: country ? { code: country, name: countryNameIn(country, lang) } : undefined,
        region: country ? regionsOf(country).find((region) => region.code === values.countryregion) : undefined,
        min_age: values.min_age,
        max_age: values.max_age,
        distance: values.distance,
      },
      fields: req.site.search_fields,
      hasDistance: user !== null,
    };
  }

  /**
   * The member app's page for a visitor of the logged-out search (/members) or a profile
   * (/members/{id}) when the site allows them (SPEC.md 5): head tags in the page's language and the
   * content as HTML for search engines and link previews, written into the app's index.html; the
   * React app replaces the content when it starts. For a member (`user`, the GET /api/user.php
   * answer) on /members without filters or a page in the URL, a profile or /chats: their own content
   * as HTML (no head tags) under the alert the app will show (contracts snapshotAlert), so the page
   * paints before the app's scripts have run (decision 020). Null for other paths, or when the site
   * does not show them to this visitor.
   */
  async function appSnapshot(
    req: FastifyRequest,
    url: URL,
    user: User | null,
  ): Promise<{ lang: string; head: string | null; body: string } | null> {
    if (req.method !== 'GET') return null;
    const pathName = url.pathname.replace(/\/+$/, '');
    const id = /^\/members\/(\d{1,12})$/.exec(pathName)?.[1];
    const isChats = pathName === '/chats' && user !== null;
    if (pathName !== '/members' && id === undefined && !isChats) return null;
    const isOtherSearch = OTHER_SEARCH_PARAMS.some((key) => url.searchParams.has(key));
    if (user && pathName === '/members' && isOtherSearch) return null;
    const request = await requestOf(req, pathName, url.searchParams, false);
    // A member's snapshot is in the language the app opens in (the page's boot data): a ?lang= in
    // the URL is the public pages' and would flip the language when the app starts.
    const ctx = pageContext(config, {
      ...request,
      queryLang: req.user ? undefined : request.queryLang,
      requestLocale: pageLanguage(req.site, undefined, req.locale),
    });
    if (req.user && user) {
      // Above the content, what the app shows above it: its navigation and the alert under it.
      const alert = snapshotAlert(user, Boolean(deps.secrets.vapid.publicKey), req.cookies[SHOWN_ALERT_COOKIE.name]);
      const withTop = (main: JSX.Element) => ({
        lang: ctx.lang,
        head: null,
        body: renderToString(
          h(Fragment, null, [h(AppNavSnapshot, { ctx }), h(AlertSnapshot, { ctx, alert, user }), main]),
        ),
      });
      if (isChats) {
        const chats = presentChatList(await listMemberChats(deps, { user: req.user }));
        return withTop(h(ChatsSnapshot, { ctx, chats, viewer: user.profile.id }));
      }
      if (id === undefined) {
        const search = await firstSearch(req, request.hasTrafficSource, user, ctx.lang);
        return withTop(h(MembersSnapshot, { ctx, search }));
      }
      const seen = await viewProfile(deps, { actor: req.actor, site: req.site, viewer: req.user, id: Number(id) })
        .then(presentProfileView)
        .catch(() => null);
      // A profile the member may not see: the app's page shows the app's own answer (404 and its screen).
      if (!seen) return null;
      return withTop(
        h(ProfileSnapshot, { ctx, profile: seen.profile, place: placeOf(seen.profile, ctx.lang), forMember: true }),
      );
    }
    if (!ctx.site.loggedOutSearchAllowed) return null;
    const withHead = (fields: Parameters<typeof pageHead>[1]) => {
      const head = pageHead(ctx, fields);
      // The app's URL serves every language; the canonical is the URL itself, no alternates.
      return renderHeadTags(ctx, { ...head, canonical: `${ctx.site.origin}${pathName}`, alternates: {} });
    };
    if (id === undefined) {
      const search = await firstSearch(req, request.hasTrafficSource, null, ctx.lang);
      return {
        lang: ctx.lang,
        head: withHead({
          title: `${ctx.t('nav.members')} · ${ctx.site.name}`,
          description: ctx.site.description || ctx.t('layout.defaultDescription', { site: ctx.site.name }),
        }),
        body: renderToString(h(Fragment, null, [h(AppNavSnapshot, { ctx }), h(MembersSnapshot, { ctx, search })])),
      };
    }
    let view: ProfileView;
    try {
      view = presentProfileView(
        await viewProfile(deps, { actor: req.actor, site: req.site, viewer: null, id: Number(id) }),
      );
    } catch {
      return null;
    }
    const { profile } = view;
    const image = photoUrl(ctx, profile, 'full');
    const description = profile.fictional
      ? `${ctx.site.fictional_singular}: ${ctx.site.fictional_warning}`
      : profile.description.slice(0, 155) || ctx.t('layout.defaultDescription', { site: ctx.site.name });
    return {
      lang: ctx.lang,
      head: withHead({
        title: `${profile.name}, ${profile.age} · ${ctx.site.name}`,
        description,
        image: image ? new URL(image, `${ctx.site.origin}/`).toString() : null,
        ogType: 'profile',
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'ProfilePage',
            name: `${profile.name}, ${profile.age}`,
            url: `${ctx.site.origin}${pathName}`,
          },
        ],
      }),
      body: renderToString(
        h(Fragment, null, [
          h(AppNavSnapshot, { ctx }),
          h(ProfileSnapshot, { ctx, profile, place: placeOf(profile, ctx.lang) }),
        ]),
      ),
    };
  }

  return { render, publicAssets, appSnapshot };
}

/**
 * The filter fields of a SEARCH_FILTER_COOKIE value (`{user id}:{query string}`) when it is
 * `userId`'s, else null (another member's on a shared browser, empty, or no member).
 */
export function rememberedFilter(
  cookie: string | undefined,
  userId: number | undefined,
): Record<string, string> | null {
  if (!cookie || userId === undefined) return null;
  const prefix = `${userId}:`;
  if (!cookie.startsWith(prefix)) return null;
  const params = new URLSearchParams(cookie.slice(prefix.length));
  const filter: Record<string, string> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return Object.keys(filter).length > 0 ? filter : null;
}

/** Where a profile lives as its header shows it: city, region and country in `lang` (the app's ProfileHeader). */
function placeOf(profile: Pick<Profile, 'city' | 'region' | 'country'>, lang: string): string {
  const region = regionsOf(profile.country).find((r) => r.code === profile.region)?.name ?? profile.region;
  return [profile.city, region, countryNameIn(profile.country, lang)].filter(Boolean).join(', ');
}

/** The name of country `code` in `lang` (Intl), the code itself when Intl has none. */
function countryNameIn(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([localeTag(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The FAQ's questions (its `## ` headings) and answers as schema.org Question objects. */
function faqEntities(markdown: string, values: Record<string, string | number>): object[] {
  const fill = (text: string) => fillPlaceholders(text, values);
  const entities: object[] = [];
  const sections = markdown.split(/^## /m).slice(1);
  for (const section of sections) {
    const [question = '', ...rest] = section.split('\n');
    const answer = rest
      .join(' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Markdown marks go; {{placeholder}} names keep their underscores for fill().
      .replace(/\{\{\w+\}\}|[*_`>#|]/g, (m) => (m.startsWith('{{') ? m : ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (question.trim() && answer) {
      entities.push({
        '@type': 'Question',
        name: fill(question.trim()),
        acceptedAnswer: { '@type': 'Answer', text: fill(answer) },
      });
    }
  }
  return entities;
}

export type PublicPages = ReturnType<typeof createPublicPages>;
export type { Config };
