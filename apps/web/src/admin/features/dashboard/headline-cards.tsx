import type { DashboardFigures } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { formatCount, formatSeconds } from './format';

/** One headline figure: a label, the value and an optional line below. */
function Card({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <li className="col-6 col-md-4 col-xl-3">
      <div className="card h-100">
        <div className="card-body p-2 p-md-3">
          <p className="small text-body-secondary mb-1">{label}</p>
          <div className="h4 mb-0">{value}</div>
          {note && <div className="small text-body-secondary mt-1">{note}</div>}
        </div>
      </div>
    </li>
  );
}

/** The headline figures of the period (of the chosen site, or all sites together). */
export function HeadlineCards({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation('admin-dashboard');
  const revenue = figures.revenue.length
    ? figures.revenue.map((r) => <div key={r.currency}>{formatCents(r.net_cents, r.currency)}</div>)
    : formatCents(0);
  const gross = figures.revenue.map((r) => formatCents(r.gross_cents, r.currency)).join(' · ');
  return (
    <ul className="row g-2 mb-3 list-unstyled" aria-label={t('cards.label')}>
      <Card label={t('columns.signups')} value={formatCount(figures.signups)} />
      <Card label={t('columns.activations')} value={formatCount(figures.activations)} />
      <Card label={t('columns.first_purchases')} value={formatCount(figures.first_purchases)} />
      <Card label={t('columns.paying_members')} value={formatCount(figures.paying_members)} />
      <Card
        label={t('cards.netRevenue')}
        value={revenue}
        note={gross ? t('cards.gross', { amount: gross }) : undefined}
      />
      <Card
        label={t('cards.messages')}
        value={formatCount(figures.member_to_member + figures.member_to_fictional)}
        note={t('cards.messagesNote', {
          members: formatCount(figures.member_to_member),
          fictional: formatCount(figures.member_to_fictional),
        })}
      />
      <Card label={t('columns.operator_answers')} value={formatCount(figures.operator_answers)} />
      <Card
        label={t('cards.response')}
        value={formatSeconds(figures.median_response_seconds)}
        note={t('cards.p95', { value: formatSeconds(figures.p95_response_seconds) })}
      />
      <Card
        label={t('columns.pending_photos')}
        value={formatCount(figures.pending_photos)}
        note={<Link to="/photos">{t('cards.toPhotos')}</Link>}
      />
      <Card
        label={t('columns.open_reports')}
        value={formatCount(figures.open_reports)}
        note={<Link to="/reports">{t('cards.toReports')}</Link>}
      />
    </ul>
  );
}
