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
      {/* One <dl> per figure: a <dl> may hold only <dt>/<dd> groups, each in at most one <div>. */}
      <div className="row row-cols-1 row-cols-sm-3 g-2 mb-3" data-testid="times-totals">
        {(
          [
            ['answers', String(times.totals.answers)],
            ['median', d(times.totals.median_seconds)],
            ['p95', d(times.totals.p95_seconds)],
          ] as const
        ).map(([key, value]) => (
          <div className="col" key={key}>
            <dl className="border rounded p-2 h-100 mb-0">
              <dt className="small fw-normal text-body-secondary">{t(`times.${key}`)}</dt>
              <dd className="h4 mb-0">{value}</dd>
            </dl>
          </div>
        ))}
      </div>
      <TimesSection
        id="per-operator"
        title={t('times.perOperator')}
        columns={[t('times.operator'), t('times.answers'), t('times.firstAnswers'), t('times.median'), t('times.p95')]}
        rows={times.operators.map((o) => ({
          key: o.staff_id,
          cells: [o.staff_name, o.answers, o.first_answers, d(o.median_seconds), d(o.p95_seconds)],
        }))}
      />
      <TimesSection
        id="per-conversation"
        title={t('times.perConversation')}
        columns={[
          t('times.conversation'),
          t('times.answers'),
          t('times.firstAnswer'),
          t('times.median'),
          t('times.p95'),
        ]}
        rows={times.conversations.map((c) => ({
          key: c.id,
          cells: [
            t('pair', { member: c.member_name, fictional: c.fictional_name }),
            c.answers,
            d(c.first_answer_seconds),
            d(c.median_seconds),
            d(c.p95_seconds),
          ],
        }))}
      />
    </>
  );
}

/**
 * One table of response times: a row header (the operator or the conversation), then numbers aligned
 * to the end; "none" when the period has no answers.
 */
function TimesSection(props: {
  id: string;
  title: string;
  columns: readonly string[];
  rows: readonly { key: number; cells: readonly (string | number)[] }[];
}) {
  const { t } = useTranslation('admin-operators');
  const [first, ...rest] = props.columns;
  return (
    <Section id={props.id} title={props.title}>
      {props.rows.length === 0 ? (
        <p className="mb-0">{t('times.none')}</p>
      ) : (
        <TableBox label={props.title}>
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{first}</th>
                {rest.map((c) => (
                  <th scope="col" className="text-end" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map(({ key, cells: [head, ...values] }) => (
                <tr key={key}>
                  <th scope="row" className="fw-normal">
                    {head}
                  </th>
                  {values.map((v, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <td className="text-end" key={i}>
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Section>
  );
}
