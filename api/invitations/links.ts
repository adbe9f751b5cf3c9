/** Invite tokens and links live with the workflows (workflows/invitations/links.ts): the file job mints them too. */
export * from '../../workflows/invitations/links';
