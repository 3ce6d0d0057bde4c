import type { AdminResponseTimes } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Section, TableBox } from '../members/section';
import { formatDuration } from './duration';

/** The period's totals, then per operator and per conversation (tables that scroll sideways on a phone). */
export function ResponseTimeTables({ times }: { times: AdminResponseTimes }) {
  const { t } = useTranslation('admin-operators');
  const d = (s: number | null) => formatDuration(t, s);
  return (
    <>
      <p className="small text-body-secondary">
        {t('times.period', { from: formatDateTime(times.from), to: formatDateTime(times.to) })}
      </p>
      <dl className="row row-cols-1 row-cols-sm-3 g-2 mb-3" data-testid="times-totals">
        {(
          [
            ['answers', String(times.totals.answers)],
            ['median', d(times.totals.median_seconds)],
            ['p95', d(times.totals.p95_seconds)],
          ] as const
        ).map(([key, value]) => (
          <div className="col" key={key}>
            <div className="border rounded p-2 h-100">
              <dt className="small fw-normal text-body-secondary">{t(`times.${key}`)}</dt>
              <dd className="h4 mb-0">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
      <Section id="per-operator" title={t('times.perOperator')}>
        {times.operators.length === 0 ? (
          <p className="mb-0">{t('times.none')}</p>
        ) : (
          <TableBox label={t('times.perOperator')}>
            <table className="table table-sm align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('times.operator')}</th>
                  <th scope="col" className="text-end">
                    {t('times.answers')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.firstAnswers')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.median')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.p95')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {times.operators.map((o) => (
                  <tr key={o.staff_id}>
                    <th scope="row" className="fw-normal">
                      {o.staff_name}
                    </th>
                    <td className="text-end">{o.answers}</td>
                    <td className="text-end">{o.first_answers}</td>
                    <td className="text-end">{d(o.median_seconds)}</td>
                    <td className="text-end">{d(o.p95_seconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </Section>
      <Section id="per-conversation" title={t('times.perConversation')}>
        {times.conversations.length === 0 ? (
          <p className="mb-0">{t('times.none')}</p>
        ) : (
          <TableBox label={t('times.perConversation')}>
            <table className="table table-sm align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('times.conversation')}</th>
                  <th scope="col" className="text-end">
                    {t('times.answers')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.firstAnswer')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.median')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('times.p95')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {times.conversations.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className="fw-normal">
                      {t('pair', { member: c.member_name, fictional: c.fictional_name })}
                    </th>
                    <td className="text-end">{c.answers}</td>
                    <td className="text-end">{d(c.first_answer_seconds)}</td>
                    <td className="text-end">{d(c.median_seconds)}</td>
                    <td className="text-end">{d(c.p95_seconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </Section>
    </>
  );
}
