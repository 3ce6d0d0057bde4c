import type { Invoice } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, formatDate } from '../../lib/i18n';
import { formatMoney, formatPercentage, invoiceLines, paymentStateLabel } from './format';
import './billing.css';

/** Seller and buyer blocks: the company's legal details and the member. */
function Parties({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('billing');
  const { company, customer } = invoice;
  return (
    <div className="row g-4 mb-4">
      <address className="col-sm-6 mb-0" data-testid="invoice-company">
        <strong>{company.name}</strong>
        <br />
        {company.address}
        <br />
        {company.city}, {countryName(company.country, i18n.language)}
        <br />
        {t('invoice.kvk', { kvk: company.kvk })}
        {company.vat_numbers.map((vat) => (
          <span key={vat}>
            <br />
            {t('invoice.vatNumber', { vat })}
          </span>
        ))}
      </address>
      <div className="col-sm-6 text-sm-end">
        <div className="text-body-secondary small">{t('invoice.customer')}</div>
        <div className="fw-semibold">{customer.name}</div>
        <div>{customer.email}</div>
      </div>
    </div>
  );
}

/** The amount lines: package, discount, net, VAT, total and refund (all VAT included but net and VAT). */
function Amounts({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('billing');
  const { payment } = invoice;
  const money = (cents: number) => formatMoney(cents, payment.currency, i18n.language);
  const label = (key: string) => {
    if (key === 'line') return t('invoice.line', { count: payment.credits, site: invoice.site });
    if (key === 'discount') {
      const percentage = payment.discount_percentage;
      return percentage ? t('invoice.discount', { percentage }) : t('invoice.discountPlain');
    }
    if (key === 'vat') return t('invoice.vat', { percentage: formatPercentage(invoice.vat_percentage, i18n.language) });
    return t(`invoice.${key}`);
  };
  return (
    <table className="invoice-amounts mb-4">
      <tbody>
        {invoiceLines(invoice).map((line) => (
          <tr
            key={line.key}
            className={line.key === 'total' ? 'fw-bold' : undefined}
            data-testid={`invoice-${line.key}`}
          >
            <th scope="row" className="fw-normal">
              {label(line.key)}
            </th>
            <td className="text-end text-nowrap">{money(line.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An invoice of a paid payment, printable (SPEC.md 2 /transactions/{id}). */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('billing');
  const { payment } = invoice;
  return (
    <article className="card border-0 shadow-sm invoice" data-testid="invoice">
      <div className="card-body p-4">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-4">
          <div>
            <h1 className="h3 mb-1">{t('invoice.title')}</h1>
            <div>{t('invoice.number', { number: invoice.number })}</div>
            <div>{t('invoice.date', { date: formatDate(invoice.date, i18n.language) })}</div>
          </div>
          <div className="d-print-none d-flex gap-2">
            <Link to="/transactions" className="btn btn-outline-secondary">
              {t('invoice.back')}
            </Link>
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              {t('invoice.print')}
            </button>
          </div>
        </div>
        <Parties invoice={invoice} />
        <Amounts invoice={invoice} />
        <p className="mb-0 small">
          {t('invoice.paidWith', {
            method: t(`methods.${payment.method}`),
            state: t(`payments.state.${paymentStateLabel(payment.status)}`),
          })}
        </p>
      </div>
    </article>
  );
}
