import type { StaffSignal } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { splitBySpans } from '../../../lib/text-spans';

/**
 * A message text with its signals' matched parts marked (issue: safer conversations): each part is a
 * `<mark>` whose kinds are named in words right after the text for screen readers (and in its tooltip),
 * so staff who cannot see the colour still know what was found. Plain text only, never HTML.
 */
export function SignalText({ body, signals }: { body: string; signals: readonly StaffSignal[] }) {
  const { t } = useTranslation('admin-signals');
  return (
    <p className="signal-text mb-0" data-testid="signal-text">
      {splitBySpans(body, signals).map((part, i) => {
        if (part.kinds.length === 0) {
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          return <span key={i}>{part.text}</span>;
        }
        const label = part.kinds.map((kind) => t(`kinds.${kind}`)).join(', ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <mark key={i} className="signal-mark" title={label} data-kinds={part.kinds.join(' ')}>
            {part.text}
            <span className="visually-hidden"> ({label})</span>
          </mark>
        );
      })}
    </p>
  );
}
