import { PROGRESS_BAR } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

type Phase = 'hidden' | 'running' | 'done';

/** Thin top bar while a route loads: shown after 200 ms, animating over 5000 ms (SPEC.md 4, 9). */
export function ProgressBar() {
  const isLoading = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (isLoading) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'hidden'));
    const timer = setTimeout(() => setPhase('hidden'), 300);
    return () => clearTimeout(timer);
  }, [isLoading]);

  if (phase === 'hidden') return null;
  return (
    <div className="route-progress" aria-hidden="true">
      <div
        className={`route-progress-bar route-progress-${phase}`}
        style={{ transitionDuration: phase === 'running' ? `${PROGRESS_BAR.durationMs}ms` : '200ms' }}
      />
    </div>
  );
}
