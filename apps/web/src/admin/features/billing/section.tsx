import type { ReactNode } from 'react';

/** A titled block of a detail screen: a card with an h2 (`id` names it). */
export function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card mb-3" id={id} aria-labelledby={`${id}-title`}>
      <div className="card-header d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 className="h5 mb-0" id={`${id}-title`}>
          {title}
        </h2>
        {actions}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

/** A definition list of label/value rows, two columns from 576 px; rows with a null value are left out. */
export function Fields({ rows }: { rows: readonly (readonly [label: string, value: ReactNode] | null)[] }) {
  return (
    <dl className="row mb-0">
      {rows
        .filter((row) => row !== null)
        .map(([label, value]) => (
          <div className="col-12 row mx-0 px-0" key={label}>
            <dt className="col-sm-4 col-lg-3">{label}</dt>
            <dd className="col-sm-8 col-lg-9 text-break">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * A table that scrolls sideways on a narrow screen; the scrolling box takes keyboard focus (WCAG
 * 2.1.1), named by `label`.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
