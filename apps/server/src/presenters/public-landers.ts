import type { LanderModel, ProfileLanderModel } from '@app/public-site';
import type { LanderData, ProfileLanderData } from '../services/public/landers.js';
import { presentCard } from './profile.js';

/** A lander's model with its profiles as member cards (issue: public site). `now` dates the ages. */
export function presentLander({ rows, ...data }: LanderData, now: Date): LanderModel {
  return { ...data, profiles: rows.map((row) => presentCard(row, now)) };
}

/** A profile lander's model with the profile and the related profiles as member cards. */
export function presentProfileLander({ row, relatedRows, ...data }: ProfileLanderData, now: Date): ProfileLanderModel {
  return { ...data, profile: presentCard(row, now), related: relatedRows.map((r) => presentCard(r, now)) };
}
