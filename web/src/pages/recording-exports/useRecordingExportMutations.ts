/** create, edit and delete of recording export definitions; the page keeps its list from their answers. */
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useRecordingExportMutationsCreateMutation as Create } from './__generated__/useRecordingExportMutationsCreateMutation.graphql';
import type { useRecordingExportMutationsDeleteMutation as Delete } from './__generated__/useRecordingExportMutationsDeleteMutation.graphql';
import type { useRecordingExportMutationsEditMutation as Edit } from './__generated__/useRecordingExportMutationsEditMutation.graphql';

export function useCreateDefinition() {
  return usePromiseMutation<Create>(graphql`
    mutation useRecordingExportMutationsCreateMutation($input: LessonspaceRecordingExportDefinitionInput!) {
      createCustomLessonspaceRecordingExportDefinition(input: $input) { definitionId name ecosystemId media tracks includeContent layout fileNameTemplate }
    }
  `);
}

export function useEditDefinition() {
  return usePromiseMutation<Edit>(graphql`
    mutation useRecordingExportMutationsEditMutation($definitionId: ID!, $input: LessonspaceRecordingExportDefinitionInput!) {
      editCustomLessonspaceRecordingExportDefinition(definitionId: $definitionId, input: $input) {
        definitionId name ecosystemId media tracks includeContent layout fileNameTemplate
      }
    }
  `);
}

export function useDeleteDefinition() {
  return usePromiseMutation<Delete>(graphql`
    mutation useRecordingExportMutationsDeleteMutation($definitionId: ID!) {
      deleteCustomLessonspaceRecordingExportDefinition(definitionId: $definitionId)
    }
  `);
}
