import type { ReactNode } from 'react';

/** A titled block of the member screen: a card with an h2 (`id` names it for the page's jump links). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" id={id} aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 className="h5 mb-0" id={`${id}-title`}>
          {title}
        </h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

/** A definition list of label/value rows, two columns from 576 px. */
export function Fields({ rows }: { rows: readonly [label: string, value: ReactNode][] }) {
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <div className="col-12 row mx-0 px-0" key={label}>
          <dt className="col-sm-4 col-lg-3">{label}</dt>
          <dd className="col-sm-8 col-lg-9 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A table's box that scrolls sideways when the table is wider than the screen; focusable and named,
 * so keyboard users can scroll it too (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function TableBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section className={`table-responsive ${className ?? ''}`} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
