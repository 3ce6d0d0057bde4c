import { badgeText, CREDIT_BADGE_THRESHOLD } from '@app/contracts';

/** Count badge of a navigation item, capped at 99+ (SPEC.md 2); renders nothing for 0. */
export function NavBadge({ count, label }: { count: number; label: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="badge rounded-pill text-bg-primary nav-badge">
      {text}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/** Credits badge: shown at 10 credits or fewer, warning colour above 0, danger at 0 (SPEC.md 2). */
export function CreditsBadge({ credits, label }: { credits: number; label: string }) {
  if (credits > CREDIT_BADGE_THRESHOLD) return null;
  const variant = credits > 0 ? 'text-bg-warning' : 'text-bg-danger';
  return (
    <span className={`badge rounded-pill ${variant} nav-badge`}>
      {credits}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
