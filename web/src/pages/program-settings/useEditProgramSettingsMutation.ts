/** editProgram with the settings page's changes; the answer refreshes the form's fragment. */
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useEditProgramSettingsMutation as Mutation } from './__generated__/useEditProgramSettingsMutation.graphql';

export function useEditProgramSettingsMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useEditProgramSettingsMutation($programId: ID!, $programInput: ProgramInput!) {
      editProgram(programId: $programId, programInput: $programInput) {
        id
        ...ProgramSettingsForm_program
      }
    }
  `);
}
