import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCreateProgramMutation as Mutation } from './__generated__/useCreateProgramMutation.graphql';

/** Creates a program and appends it to the given connections (the ecosystem's list on screen). */
export function useCreateProgramMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCreateProgramMutation($programInput: ProgramInput!, $connections: [ID!]!) {
      createProgram(programInput: $programInput) @appendNode(connections: $connections, edgeTypeName: "ProgramEdge") {
        id
        name
        ...ProgramRow_program
      }
    }
  `);
}
