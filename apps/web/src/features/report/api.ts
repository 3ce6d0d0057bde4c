import { type ReportBody, reportCalls } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/**
 * POST /api/report.php: reports a profile (and messages of it) for staff; with `block` the profile is
 * blocked too, so everything that shows it is refreshed.
 */
export function useReportMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => call(reportCalls.report, { body }),
    onSuccess: (result) => {
      if (result.blocked) void client.invalidateQueries();
    },
  });
}
