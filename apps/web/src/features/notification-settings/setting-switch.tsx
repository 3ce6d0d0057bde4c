import type { NotificationSettingsUpdate } from '@app/contracts';
import { useId, useState } from 'react';
import { useUpdateNotificationSettings } from './api';
import { SaveStatus } from './save-status';

/**
 * One switch of /notifications that saves at once: a PUT with the change `toUpdate(on)` builds. While
 * the save runs the switch shows the new position; a refused save puts it back and shows why.
 */
export function SettingSwitch({
  label,
  help,
  checked,
  toUpdate,
  testId,
}: {
  label: string;
  help?: string;
  checked: boolean;
  toUpdate: (on: boolean) => NotificationSettingsUpdate;
  testId?: string;
}) {
  const id = useId();
  const save = useUpdateNotificationSettings();
  // The new position while the save runs; the server's answer (or the old value on failure) after.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const shown = optimistic ?? checked;
  const describedBy = [help ? `${id}-help` : null, `${id}-status`].filter(Boolean).join(' ');
  return (
    <div className="form-check form-switch mb-2" data-testid={testId}>
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        aria-checked={shown}
        checked={shown}
        disabled={save.isPending}
        aria-describedby={describedBy}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setOptimistic(on);
          save.mutate(toUpdate(on), { onSettled: () => setOptimistic(null) });
        }}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      <SaveStatus id={`${id}-status`} state={save} />
      {help && (
        <div id={`${id}-help`} className="form-text mt-0">
          {help}
        </div>
      )}
    </div>
  );
}
