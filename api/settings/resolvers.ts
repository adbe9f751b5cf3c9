/** Account settings (schema/settings.graphql, docs/decisions/0050). */
import type { Resolvers } from '../__generated__/resolvers';
import { joinablePrograms, joinProgramMutation } from './join-program';
import { editNotificationSettingsMutation, editParentNotificationsMutation, editStaffNotificationSettingMutation } from './notifications';
import { unsubscribeMutation } from './unsubscribe';

export const settingsResolvers: Resolvers = {
  User: {
    joinablePrograms: (user, _args, ctx) => joinablePrograms(ctx, user),
  },
  Mutation: {
    joinProgram: (_root, args, ctx) => joinProgramMutation(ctx, args.programId),
    editNotificationSettings: (_root, args, ctx) => editNotificationSettingsMutation(ctx, args.userId, args.input),
    editStaffNotificationSetting: (_root, args, ctx) => editStaffNotificationSettingMutation(ctx, args.userId, args.input),
    editParentNotifications: (_root, args, ctx) => editParentNotificationsMutation(ctx, args.input),
    unsubscribe: (_root, args, ctx) => unsubscribeMutation(ctx, args.token),
  },
};
