import { useRouteName } from '../../lib/use-route-name';
import { useUser } from '../session/use-user';
import { MEMBERS_AREA_ROUTES } from './countdown';
import { TimeBonusBanner } from './time-bonus-banner';
import { TimeBonusModal } from './time-bonus-modal';
import { useTimeBonus } from './use-time-bonus';
import { useTimeBonusModal } from './use-time-bonus-modal';

/**
 * The time bonus in the default layout (SPEC.md 2, 4): the banner at the top of the members area
 * while the bonus is visible, and the modal 40 s after arrival there for a member with 0 credits.
 * Loaded lazily by the warnings header only for members who can have a bonus.
 */
export function TimeBonusHost() {
  const user = useUser();
  const routeName = useRouteName();
  const isInMembersArea = MEMBERS_AREA_ROUTES.includes(routeName ?? '');
  const { isVisible, secondsLeft, bonus } = useTimeBonus();
  const modal = useTimeBonusModal(isInMembersArea, user?.credits ?? 0, isVisible);
  if (!isVisible || !bonus || !isInMembersArea) return null;
  return (
    <div className="container pt-3">
      <TimeBonusBanner percentage={bonus.value_percentage} secondsLeft={secondsLeft} />
      {modal.isOpen && (
        <TimeBonusModal percentage={bonus.value_percentage} secondsLeft={secondsLeft} onClose={modal.dismiss} />
      )}
    </div>
  );
}

export default TimeBonusHost;
