import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { CreateScheduledProgramLevelReportsInput, useSaveReportMutation as Create } from './__generated__/useSaveReportMutation.graphql';
import type { useUpdateReportMutation as Update } from './__generated__/useUpdateReportMutation.graphql';

export type ReportInput = CreateScheduledProgramLevelReportsInput;

/** Creates a report, or updates the one `id` names; answers its id. */
export function useSaveReportMutation() {
  const [create, creating] = usePromiseMutation<Create>(graphql`
    mutation useSaveReportMutation($input: CreateScheduledProgramLevelReportsInput!) {
      createScheduledProgramLevelReports(input: $input) { _id reportName }
    }
  `);
  const [update, updating] = usePromiseMutation<Update>(graphql`
    mutation useUpdateReportMutation($input: UpdateScheduledProgramLevelReportsInput!) {
      updateScheduledProgramLevelReports(input: $input) { _id reportName }
    }
  `);
  const save = useCallback(async (id: string | null, input: ReportInput) => {
    if (id) return (await update({ variables: { input: { ...input, _id: id } } })).updateScheduledProgramLevelReports._id;
    return (await create({ variables: { input } })).createScheduledProgramLevelReports._id;
  }, [create, update]);
  return [save, creating || updating] as const;
}
