import { type AdminFictionalDetail, adminFictionalCalls } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { sitesQuery } from '../../components/site-select';
import { Section } from '../members/section';
import { fictionalErrorMessage } from './fictional-errors';
import { fictionalKeys } from './queries';

/**
 * "Show it on another site": an independent copy of the profile (fields, persona, niches, photos) on
 * one of the staff's other sites (docs/decisions/011-fictional-profiles.md). Opens the copy when made.
 */
export function CopyForm({ detail }: { detail: AdminFictionalDetail }) {
  const { t } = useTranslation('admin-fictional');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: sites = [] } = useQuery(sitesQuery);
  const others = sites.filter((s) => s.id !== detail.profile.site_id);
  const [siteId, setSiteId] = useState('');
  const copy = useMutation({
    mutationFn: (target: number) =>
      call(adminFictionalCalls.copy, { body: { id: detail.profile.id, site_id: target } }),
    onSuccess: (made) => {
      queryClient.setQueryData(fictionalKeys.detail(made.profile.id), made);
      void queryClient.invalidateQueries({ queryKey: [...fictionalKeys.all, 'list'] });
      navigate(`/fictional/${made.profile.id}`, { state: { copiedFrom: detail.profile.id } });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (siteId) copy.mutate(Number(siteId));
  }

  return (
    <Section id="copy" title={t('copy.title')}>
      <p>{t('copy.intro', { site: detail.profile.site_name })}</p>
      {others.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('copy.noOtherSites')}</p>
      ) : (
        <form className="row g-2 align-items-end" onSubmit={submit}>
          <div className="col-12 col-md-6">
            <label className="form-label" htmlFor="fictional-copy-site">
              {t('copy.site')}
            </label>
            <select
              id="fictional-copy-site"
              className="form-select"
              value={siteId}
              onChange={(e) => setSiteId(e.target.value)}
            >
              <option value="">{t('copy.choose')}</option>
              {others.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.domain})
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-3">
            <button type="submit" className="btn btn-outline-primary w-100" disabled={!siteId || copy.isPending}>
              {t('copy.submit')}
            </button>
          </div>
          {copy.isError && (
            <div className="col-12">
              <ErrorAlert className="mb-0">{fictionalErrorMessage(copy.error)}</ErrorAlert>
            </div>
          )}
        </form>
      )}
    </Section>
  );
}
