import { type Dashboard, type DashboardTable, dashboardTable } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Section } from '../features/billing/section';
import { csvHref, dashboardQuery } from '../features/dashboard/api';
import { MembersChart, MessagesChart, ResponseChart, RevenueChart } from '../features/dashboard/charts';
import { DataTable } from '../features/dashboard/data-table';
import { formatDay } from '../features/dashboard/format';
import { HeadlineCards } from '../features/dashboard/headline-cards';
import { paramsFromSearch, paramsToSearch } from '../features/dashboard/period';
import { PeriodPicker } from '../features/dashboard/period-picker';

/**
 * The dashboard (admins; issue: back office II): site and period (UTC days, presets 7/30/90/365)
 * kept in the address bar, headline figures, a chart per subject with its data table, the figures
 * per site and revenue per currency, and a CSV download of every table. Other roles get the
 * server's 403 forbidden as the error.
 */
/**
 * The dashboard's parameters in the address bar now. A choice builds on these, not on the last
 * render's: the router renders a navigation in a transition, so a site picked right after a preset
 * could otherwise bring back the period before the preset.
 */
function currentParams() {
  return paramsFromSearch(new URLSearchParams(window.location.search));
}

export function Component() {
  const { t } = useTranslation('admin-dashboard');
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => paramsFromSearch(search), [search]);
  const result = useQuery({ ...dashboardQuery(params), placeholderData: (previous) => previous });
  const data = result.data;

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <PeriodPicker
        site={params.site_id}
        from={params.from ?? data?.from ?? ''}
        to={params.to ?? data?.to ?? ''}
        onSite={(site) => setSearch(paramsToSearch({ ...currentParams(), site_id: site }))}
        onPeriod={(period) => setSearch(paramsToSearch({ site_id: currentParams().site_id, ...period }))}
      />
      <AdminError error={result.error} />
      {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {data && <DashboardBody data={data} busy={result.isFetching} />}
    </>
  );
}

/** Everything below the picker, for one answer of the server. */
function DashboardBody({ data, busy }: { data: Dashboard; busy: boolean }) {
  const { t } = useTranslation('admin-dashboard');
  const scope = data.site_id === null ? t('allSites') : (data.sites[0]?.name ?? '');
  const period = t('periodOf', { from: formatDay(data.from), to: formatDay(data.to), scope });
  const figures = data.site_id === null ? data.total : (data.sites[0] ?? data.total);
  const table = (name: DashboardTable, collapsed = false) => (
    <DataTable
      table={name}
      data={dashboardTable(data, name)}
      caption={t(`tables.${name}`)}
      csv={csvHref(name, data)}
      collapsed={collapsed}
    />
  );

  return (
    <div aria-busy={busy}>
      <h2 className="h5" id="dashboard-period">
        {period}
      </h2>
      <HeadlineCards figures={figures} />
      <Section id="dashboard-members" title={t('sections.members')}>
        <MembersChart days={data.days} label={t('charts.members', { period })} />
        {table('member_days', true)}
      </Section>
      <Section id="dashboard-revenue" title={t('sections.revenue')}>
        <RevenueChart days={data.days} label={t('charts.revenue', { period })} />
        {table('revenue_days', true)}
        <div className="mt-3">{table('revenue')}</div>
      </Section>
      <Section id="dashboard-messages" title={t('sections.messages')}>
        <MessagesChart days={data.days} label={t('charts.messages', { period })} />
        {table('message_days', true)}
      </Section>
      <Section
        id="dashboard-response"
        title={t('sections.response')}
        actions={<Link to="/inbox/response-times">{t('perOperator')}</Link>}
      >
        <ResponseChart days={data.days} label={t('charts.response', { period })} />
        {table('response_days', true)}
      </Section>
      <Section id="dashboard-sites" title={t('sections.sites')}>
        {table('sites')}
      </Section>
    </div>
  );
}
