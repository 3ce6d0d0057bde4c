import type { ReactNode } from 'react';

/** The centred card of the access screens (login, signup page, password reset, activation, ...). */
export function AuthCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="container py-4 py-md-5">
      <div className="card shadow-sm border-0 mx-auto auth-card" data-testid={testId}>
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
