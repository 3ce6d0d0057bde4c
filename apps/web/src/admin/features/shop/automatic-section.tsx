import type { AdminDiscount } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { AdminError } from '../../components/error-text';
import { automaticQuery, shopKeys, updateAutomatic } from './api';
import { DiscountStatusBadge } from './badges';
import { isoToLocalInput, localInputToIso } from './dates';
import { invalidFields, shopErrorMessage } from './errors';
import { Check, controlClass, Field } from './field';

type AutoKind = 'welcome' | 'time_bonus';

/** One automatic discount's settings: percentage, state and (welcome only) its own end date. */
function AutomaticForm({
  siteId,
  kind,
  code,
  window,
}: {
  siteId: number;
  kind: AutoKind;
  code: AdminDiscount | null;
  window: string;
}) {
  const { t } = useTranslation('admin-shop');
  const id = useId();
  const queryClient = useQueryClient();
  const [percentage, setPercentage] = useState(String(code?.value_percentage ?? 25));
  const [active, setActive] = useState(code ? code.status === 'active' : true);
  const [expires, setExpires] = useState(isoToLocalInput(code?.expires));
  const [local, setLocal] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: updateAutomatic,
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: shopKeys.site(siteId) });
    },
  });
  const invalid = new Set([...local, ...invalidFields(save.error)]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const wrong = new Set<string>();
    const value = /^\d{1,3}$/.test(percentage.trim()) ? Number(percentage.trim()) : 0;
    if (value < 1 || value > 100) wrong.add('value_percentage');
    const until = kind === 'welcome' ? localInputToIso(expires) : null;
    if (until === undefined) wrong.add('expires');
    setLocal(wrong);
    if (wrong.size > 0) return;
    save.mutate({
      site_id: siteId,
      kind,
      value_percentage: value,
      status: active ? 'active' : 'inactive',
      ...(kind === 'welcome' && { expires: until ?? null }),
    });
  }

  return (
    <form
      className="card card-body mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={`automatic-${kind}`}
    >
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h3 className="h6 mb-0" id={`${id}-title`}>
          {t(`kinds.${kind}`)} {code && <span className="text-body-secondary fw-normal">({code.code})</span>}
        </h3>
        {code && <DiscountStatusBadge status={code.status} expired={code.expired} />}
      </div>
      <p className="small text-body-secondary mt-2 mb-2">
        {window}
        {code && ` ${t('automatic.uses', { paid: code.paid_uses, open: code.open_claims })}`}
        {!code && ` ${t('automatic.missing')}`}
      </p>
      {save.error && <ErrorAlert>{shopErrorMessage(save.error)}</ErrorAlert>}
      {saved && (
        <div className="alert alert-success py-2" role="status">
          {t('admin:common.saved')}
        </div>
      )}
      <div className="row g-2 align-items-start">
        <Field
          id={`${id}-percentage`}
          label={t('fields.value_percentage')}
          invalid={invalid.has('value_percentage')}
          error={t('errors.percentage')}
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('value_percentage'))}
              inputMode="numeric"
              maxLength={3}
              value={percentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
          )}
        </Field>
        {kind === 'welcome' && (
          <Field
            id={`${id}-expires`}
            label={t('fields.expires')}
            invalid={invalid.has('expires')}
            error={t('errors.expires')}
            hint={t('automatic.expiresHint')}
            className="col-12 col-sm-6 col-lg-4"
          >
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                className={controlClass(invalid.has('expires'))}
                value={expires}
                onChange={(e) => setExpires(e.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      <Check id={`${id}-active`} label={t('automatic.on')} checked={active} onChange={setActive} className="mt-2" />
      <div className="mt-3">
        <button className="btn btn-primary btn-sm" type="submit" disabled={save.isPending}>
          {t('admin:common.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * The welcome discount and the time bonus of a site (SPEC.md 4, 5, 9): percentage, on/off and the
 * welcome discount's own end date. Their windows after signup are fixed and shown, not edited.
 */
export function AutomaticSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin-shop');
  const view = useQuery(automaticQuery(siteId));
  const data = view.data;
  return (
    <section aria-labelledby="shop-automatic-title" data-testid="shop-automatic">
      <h2 className="h5" id="shop-automatic-title">
        {t('automatic.title')}
      </h2>
      <p className="small text-body-secondary">{t('automatic.intro')}</p>
      <AdminError error={view.error} />
      {view.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {data && (
        <>
          <AutomaticForm
            key={`welcome-${data.welcome?.id ?? 'none'}`}
            siteId={siteId}
            kind="welcome"
            code={data.welcome}
            window={t('automatic.welcomeWindow', { count: data.welcome_days })}
          />
          <AutomaticForm
            key={`time-bonus-${data.time_bonus?.id ?? 'none'}`}
            siteId={siteId}
            kind="time_bonus"
            code={data.time_bonus}
            window={t('automatic.timeBonusWindow', {
              seconds: data.time_bonus_seconds,
              hours: data.time_bonus_seconds / 3600,
            })}
          />
        </>
      )}
    </section>
  );
}
