import { type AdminGift, GIFT_IMAGE_MAX_BYTES, GIFT_NAME_MAX, SHOP_LIMITS } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { languageName } from '../site-pages/names';
import { createGift, fileToBase64, shopKeys, updateGift } from './api';
import { invalidFields, shopErrorMessage } from './errors';
import { Check, controlClass, Field, FormButtons } from './field';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const wholeNumber = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/** The names of a gift without the site language's and without empty ones: what `names` sends. */
function otherNames(names: Record<string, string>, language: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names)
      .map(([lng, value]) => [lng, value.trim()] as const)
      .filter(([lng, value]) => lng !== language && value !== ''),
  );
}

/**
 * The form of a new gift of `siteId`, or of changes to `gift`: its name in each language the site
 * shows (`languages`; the site's `language` first and required, the others optional: members reading
 * an empty one see the site language's), price in credits, position, active and a picture (required
 * for a new gift; JPEG, PNG, WebP or AVIF up to 512 KB). Names of languages the site no longer shows
 * are kept. The server re-encodes the picture without metadata; members see the change at once.
 */
export function GiftForm({
  siteId,
  gift,
  language,
  languages,
  onDone,
}: {
  siteId: number;
  gift?: AdminGift | undefined;
  language: string;
  languages: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation('admin-shop');
  const id = useId();
  const queryClient = useQueryClient();
  const [names, setNames] = useState<Record<string, string>>(() => ({
    ...(gift?.names as Record<string, string> | undefined),
    [language]: gift?.name ?? '',
  }));
  const [credits, setCredits] = useState(gift ? String(gift.credits) : '');
  const [position, setPosition] = useState(String(gift?.position ?? 0));
  const [active, setActive] = useState(gift?.active ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<Set<string>>(new Set());
  const save = useMutation({
    mutationFn: async (values: { name: string; names: Record<string, string>; credits: number; position: number }) => {
      const image = file ? await fileToBase64(file) : undefined;
      if (gift) return updateGift({ id: gift.id, ...values, active, ...(image && { image }) });
      return createGift({ site_id: siteId, ...values, active, image: image ?? '' });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shopKeys.gifts(siteId) });
      onDone();
    },
  });
  const invalid = new Set([...local, ...invalidFields(save.error)]);
  if (save.error && ['photo_invalid', 'photo_too_large'].includes((save.error as { code?: string }).code ?? '')) {
    invalid.add('image');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const values = {
      name: (names[language] ?? '').trim(),
      names: otherNames(names, language),
      credits: wholeNumber(credits),
      position: wholeNumber(position),
    };
    const wrong = new Set<string>();
    if (!values.name || values.name.length > GIFT_NAME_MAX) wrong.add('name');
    for (const [lng, value] of Object.entries(values.names)) if (value.length > GIFT_NAME_MAX) wrong.add(`name-${lng}`);
    if (!values.credits || values.credits > SHOP_LIMITS.credits) wrong.add('credits');
    if (values.position === null || values.position > SHOP_LIMITS.position) wrong.add('position');
    if ((!gift && !file) || (file && file.size > GIFT_IMAGE_MAX_BYTES)) wrong.add('image');
    setLocal(wrong);
    if (wrong.size > 0) return;
    save.mutate(values as { name: string; names: Record<string, string>; credits: number; position: number });
  }

  return (
    <form
      className="card card-body mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="gift-form"
    >
      <h3 className="h6" id={`${id}-title`}>
        {gift ? t('gifts.editTitle', { name: gift.name }) : t('gifts.new')}
      </h3>
      {save.error && <ErrorAlert>{shopErrorMessage(save.error)}</ErrorAlert>}
      <fieldset className="mb-2" aria-describedby={`${id}-names-hint`}>
        <legend className="form-label small fw-semibold mb-1">{t('fields.names')}</legend>
        <p id={`${id}-names-hint`} className="form-text mt-0 mb-1">
          {t('gifts.namesHint', { language: languageName(language) })}
        </p>
        <div className="row g-2">
          {languages.map((lng) => {
            const isSite = lng === language;
            const bad = isSite ? invalid.has('name') : invalid.has(`name-${lng}`);
            return (
              <Field
                key={lng}
                id={`${id}-name-${lng}`}
                label={isSite ? t('fields.nameSiteLanguage', { language: languageName(lng) }) : languageName(lng)}
                invalid={bad}
                error={isSite ? t('errors.nameSiteLanguage', { language: languageName(lng) }) : t('errors.nameLength')}
                className="col-12 col-sm-6 col-lg-3"
              >
                {(p) => (
                  <input
                    {...p}
                    lang={lng}
                    required={isSite}
                    className={controlClass(bad)}
                    maxLength={GIFT_NAME_MAX}
                    autoComplete="off"
                    value={names[lng] ?? ''}
                    onChange={(e) => setNames({ ...names, [lng]: e.target.value })}
                  />
                )}
              </Field>
            );
          })}
        </div>
      </fieldset>
      <div className="row g-2">
        <Field
          id={`${id}-credits`}
          label={t('fields.giftCredits')}
          invalid={invalid.has('credits')}
          error={t('errors.credits')}
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('credits'))}
              inputMode="numeric"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-position`}
          label={t('fields.position')}
          invalid={invalid.has('position')}
          error={t('errors.position')}
          className="col-6 col-sm-3 col-lg-2"
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('position'))}
              inputMode="numeric"
              value={position}
              onChange={(e) => setPosition(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-image`}
          label={t('fields.image')}
          invalid={invalid.has('image')}
          error={gift || file ? t('errors.image') : t('errors.imageRequired')}
          hint={t('gifts.imageHint')}
          className="col-12 col-lg-5"
        >
          {(p) => (
            <input
              {...p}
              type="file"
              accept={ACCEPT}
              className={controlClass(invalid.has('image'))}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      <Check id={`${id}-active`} label={t('fields.active')} checked={active} onChange={setActive} className="mt-2" />
      <FormButtons pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
