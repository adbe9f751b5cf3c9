/** Lessonspace lessons, recordings and uploads of sessions (schema/session-lessonspace.graphql, decision 0065). */
import type { Resolvers } from '../__generated__/resolvers';
import { recordingField, uploadedFilesField } from './fields';
import { uploadLessonspaceLessonMutation } from './lessons';
import { lessonSpaceUploadMutation } from './uploads';

export const sessionLessonspaceResolvers: Resolvers = {
  Mutation: {
    uploadLessonspaceLesson: (_root, args, ctx) => uploadLessonspaceLessonMutation(ctx, args.sessionId),
    lessonSpaceUpload: (_root, args, ctx) => lessonSpaceUploadMutation(ctx, args.sessionId, args.files),
  },
  Session: {
    recording: (session, _args, ctx) => recordingField(session, ctx),
    uploadedFiles: (session, _args, ctx) => uploadedFilesField(session, ctx),
  },
};
