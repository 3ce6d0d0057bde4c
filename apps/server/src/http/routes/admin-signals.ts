import { adminSignalCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentReleaseResult,
  presentSignalMemberDetail,
  presentSignalQueue,
  presentSignalSettings,
} from '../../presenters/admin/signals.js';
import { listSignalQueue } from '../../services/safety/list-signal-queue.js';
import { listSignalSettings } from '../../services/safety/list-signal-settings.js';
import { releaseHeldMessages } from '../../services/safety/release-held-messages.js';
import { setSignalSettings } from '../../services/safety/set-signal-settings.js';
import { viewSignalMember } from '../../services/safety/view-signal-member.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/** The Signals queue of the back office (docs/decisions/021-safer-conversations.md). */
export const adminSignalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const calls = adminSignalCalls;

  registerCall(app, calls.signalQueue, async (req) => {
    const { actor } = requireStaff(req);
    const queue = await listSignalQueue(deps, { actor, siteId: req.query.site_id, page: req.query.page });
    return presentSignalQueue(queue);
  });

  registerCall(app, calls.signalMember, async (req) => {
    const { actor, who } = requireStaff(req);
    const view = await viewSignalMember(deps, { actor, who, userId: req.query.user_id, before: req.query.before });
    return presentSignalMemberDetail(view);
  });

  registerCall(app, calls.releaseHeld, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentReleaseResult(await releaseHeldMessages(deps, { actor, who, body: req.body }));
  });

  registerCall(app, calls.signalSettings, async (req) => {
    const { actor } = requireStaff(req);
    return (await listSignalSettings(deps, { actor })).map(presentSignalSettings);
  });

  registerCall(app, calls.setSignalSettings, async (req) => {
    const { actor, who } = requireStaff(req);
    const site = await setSignalSettings(deps, {
      actor,
      who,
      siteId: req.body.site_id,
      threshold: req.body.risk_hold_threshold,
    });
    return presentSignalSettings(site);
  });
};
