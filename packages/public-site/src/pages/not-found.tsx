/** @jsxImportSource preact */
import type { PageContext } from '../model.js';

/** The public pages' 404 (SPEC.md 8: "This page could not be found", with a link home). */
export function NotFoundPage({ ctx }: { ctx: PageContext }) {
  const { t, links } = ctx;
  return (
    <div class="pub-container pub-section pub-center">
      <h1>{t('notFound.title')}</h1>
      <p class="pub-lead">{t('notFound.text')}</p>
      <p>
        <a class="pub-btn pub-btn-primary" href={links.home}>
          {t('notFound.home')}
        </a>
      </p>
    </div>
  );
}
