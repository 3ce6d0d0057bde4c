import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { isPhone } from '../../lib/display-mode';
import { setSignupOpen } from './signup-store';

/** Sign-up call to action: opens the signup modal on desktop, the signup page on a phone (SPEC.md 2). */
export function SignupButton({ className = 'btn btn-primary', children }: { className?: string; children: ReactNode }) {
  const handleClick = (e: MouseEvent) => {
    if (isPhone()) return;
    e.preventDefault();
    setSignupOpen(true);
  };
  return (
    <Link to="/signup" className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}
