import { type AdminGift, GIFT_IMAGE_MAX_BYTES, GIFT_NAME_MAX, SHOP_LIMITS } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { createGift, fileToBase64, shopKeys, updateGift } from './api';
import { invalidFields, shopErrorMessage } from './errors';
import { Check, controlClass, Field, FormButtons } from './field';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const wholeNumber = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * The form of a new gift of `siteId`, or of changes to `gift`: name, price in credits, position,
 * active and a picture (required for a new gift; JPEG, PNG, WebP or AVIF up to 512 KB). The server
 * re-encodes the picture without metadata; members see the change at once.
 */
export function GiftForm({
  siteId,
  gift,
  onDone,
}: {
  siteId: number;
  gift?: AdminGift | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin-shop');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(gift?.name ?? '');
  const [credits, setCredits] = useState(gift ? String(gift.credits) : '');
  const [position, setPosition] = useState(String(gift?.position ?? 0));
  const [active, setActive] = useState(gift?.active ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<Set<string>>(new Set());
  const save = useMutation({
    mutationFn: async (values: { name: string; credits: number; position: number }) => {
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
    const values = { name: name.trim(), credits: wholeNumber(credits), position: wholeNumber(position) };
    const wrong = new Set<string>();
    if (!values.name || values.name.length > GIFT_NAME_MAX) wrong.add('name');
    if (!values.credits || values.credits > SHOP_LIMITS.credits) wrong.add('credits');
    if (values.position === null || values.position > SHOP_LIMITS.position) wrong.add('position');
    if ((!gift && !file) || (file && file.size > GIFT_IMAGE_MAX_BYTES)) wrong.add('image');
    setLocal(wrong);
    if (wrong.size > 0) return;
    save.mutate(values as { name: string; credits: number; position: number });
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
      <div className="row g-2">
        <Field id={`${id}-name`} label={t('fields.name')} invalid={invalid.has('name')} error={t('errors.name')}>
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('name'))}
              maxLength={GIFT_NAME_MAX}
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
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
