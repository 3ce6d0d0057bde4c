import type { PageContext, PageHead } from '../model.js';
import type { LanderModel, ProfileLanderModel } from './model.js';
import { mainPhotoUrl, placeOf, textValues } from './shared.js';

/** What a lander adds to the page head; the route completes it (og type, robots) with pageHead. */
export type LanderHead = Pick<
  PageHead,
  'title' | 'description' | 'image' | 'structuredData' | 'canonical' | 'alternates'
>;

/** An absolute URL on the site for a site-relative one; https URLs stay as they are. */
export function absoluteUrl(ctx: PageContext, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${ctx.site.origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** URL of `pathName` in `lng`: unqualified in the site's default language, else with `?lang=`. */
function urlIn(ctx: PageContext, pathName: string, lng: string): string {
  const base = `${ctx.site.origin}${pathName}`;
  return lng === ctx.site.defaultLanguage ? base : `${base}?lang=${lng}`;
}

/**
 * Canonical URL and hreflang alternates of `canonicalPath`: a lander asked for under a slug without
 * the niche prefix names the prefixed slug as its canonical page (docs/decisions/014-public-site.md).
 */
function canonicalOf(ctx: PageContext, canonicalPath: string): Pick<PageHead, 'canonical' | 'alternates'> {
  const alternates: Record<string, string> = {};
  for (const lng of ctx.site.languages) alternates[lng] = urlIn(ctx, canonicalPath, lng);
  alternates['x-default'] = urlIn(ctx, canonicalPath, ctx.site.defaultLanguage);
  return { canonical: urlIn(ctx, canonicalPath, ctx.lang), alternates };
}

function webPage(ctx: PageContext, title: string, description: string, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: title,
    description,
    url,
    inLanguage: ctx.lang,
    isPartOf: { '@type': 'WebSite', name: ctx.site.name, url: `${ctx.site.origin}/` },
  };
}

/**
 * Head of a lander (issue: public site): title and description in the page's language naming the
 * site and the niche's audience; the link-preview image (the video's poster, else a fictional
 * profile's photo, else the site's app icon); canonical URL and alternates of the prefixed slug;
 * structured data: a WebPage, and a VideoObject on the video landers.
 */
export function landerHead(ctx: PageContext, model: LanderModel): LanderHead {
  const values = textValues(ctx);
  const title = ctx.t(`landers.${model.name}.title`, values);
  const description = ctx.t(`landers.${model.name}.description`, values);
  const links = canonicalOf(ctx, model.canonicalPath);
  const fictional = model.profiles.find((p) => p.fictional && p.main_image);
  const photo = fictional ? mainPhotoUrl(ctx, fictional, 'match') : null;
  const image = model.video
    ? absoluteUrl(ctx, model.video.poster)
    : photo
      ? absoluteUrl(ctx, photo)
      : `${ctx.site.origin}/app-icon/512.png`;
  const structuredData: object[] = [webPage(ctx, title, description, links.canonical)];
  if (model.video) {
    structuredData.push({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: ctx.t('landers.video.videoLabel', values),
      description,
      thumbnailUrl: [absoluteUrl(ctx, model.video.poster)],
      contentUrl: absoluteUrl(ctx, model.video.src),
      inLanguage: ctx.lang,
    });
  }
  return { title, description, image, structuredData, ...links };
}

/**
 * Head of a profile lander: "Name, 34, on Site", where the profile lives and the invitation to write;
 * the profile's photo as the link-preview image; canonical URL and alternates; a WebPage.
 */
export function profileLanderHead(ctx: PageContext, model: ProfileLanderModel): LanderHead {
  const { profile } = model;
  const place = placeOf(profile, model.regionNames);
  const values = { ...textValues(ctx), name: profile.name, age: profile.age, place };
  const title = ctx.t('landers.profile.title', values);
  const description = ctx.t(place ? 'landers.profile.description' : 'landers.profile.descriptionNoPlace', values);
  const links = canonicalOf(ctx, model.canonicalPath);
  const photo = mainPhotoUrl(ctx, profile, 'match');
  return {
    title,
    description,
    image: photo ? absoluteUrl(ctx, photo) : null,
    structuredData: [webPage(ctx, title, description, links.canonical)],
    ...links,
  };
}
