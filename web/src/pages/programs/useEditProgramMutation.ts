import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useEditProgramMutation as Mutation } from './__generated__/useEditProgramMutation.graphql';

export function useEditProgramMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useEditProgramMutation($programId: ID!, $programInput: ProgramInput!) {
      editProgram(programId: $programId, programInput: $programInput) {
        id
        name
        ...ProgramRow_program
      }
    }
  `);
}
