/**
 * lessonSpaceUpload (decision 0065): puts files into a session's Lessonspace room before the lesson
 * and records their names as the session's uploadedFiles {method: LESSONSPACE}. The files come in
 * the request (base64; the API's 1 MB body limit bounds them), are checked before anything is sent,
 * and names the session already has are skipped, so a repeat uploads nothing twice.
 */
import { lessonspaceOf as lessonspaceFacts } from '../../domain/session/lessonspace-events';
import { lessonspaceMessages as lm } from '../../domain/session/lessonspace-messages';
import { sessionMessages as m } from '../../domain/session/messages';
import { recordLessonspaceFiles } from '../../domain/session/handlers';
import { sessionAggregate } from '../../domain/session/state';
import { IllegalStateError, ValidationError } from '../../domain/shared/errors';
import type { LessonFile } from '../../infra/meetings/lessonspace-lessons';
import { SESSION_LESSONSPACE_PROJECTION } from '../../projections/session-lessonspace';
import type { SessionRow } from '../../projections/sessions';
import type { LessonspaceFileInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sessionIdArg } from '../sessions/inputs';
import { sessionLoader } from '../sessions/loaders';
import { lessonspaceOf, lessonspaceSession, withProvider } from './room';

export const MAX_FILES = 5;
export const MAX_FILE_KB = 512;
const NAME = /^(?!\.)[A-Za-z0-9 ._-]{1,200}$/;
const TYPE = /^[a-z]+\/[a-z0-9.+-]{1,100}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The files as bytes, each checked; the first bad one answers its field's message. */
export function checkedFiles(input: readonly LessonspaceFileInput[]): LessonFile[] {
  if (input.length === 0) throw ValidationError.forField('files', lm.noFiles);
  if (input.length > MAX_FILES) throw ValidationError.forField('files', lm.tooManyFiles({ max: MAX_FILES }));
  return input.map((f, i) => {
    const name = f.fileName.trim();
    if (!NAME.test(name)) throw ValidationError.forField(`files.${i}.fileName`, lm.badFileName);
    const base64 = f.contentBase64.replace(/\s+/g, '');
    if (!TYPE.test(f.contentType)) throw ValidationError.forField(`files.${i}.contentType`, lm.badFileType);
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw ValidationError.forField(`files.${i}.contentBase64`, lm.badFileContent);
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0) throw ValidationError.forField(`files.${i}.contentBase64`, lm.badFileContent);
    if (bytes.length > MAX_FILE_KB * 1024) throw ValidationError.forField(`files.${i}.contentBase64`, lm.fileTooLarge({ max: MAX_FILE_KB }));
    return { name, type: f.contentType, bytes };
  });
}

export async function lessonSpaceUploadMutation(ctx: RequestContext, sessionId: string, input: readonly LessonspaceFileInput[]): Promise<SessionRow> {
  const viewer = requireViewer(ctx);
  const id = sessionIdArg(sessionId);
  const files = checkedFiles(input);
  const { row, spaceId } = await lessonspaceSession(ctx, id);
  if (row.endAt.getTime() <= ctx.services.clock().getTime()) throw new IllegalStateError(m.ended, 'ENDED');
  const booking = await ctx.loadAggregate(sessionAggregate, row.seriesId);
  const known = booking.status === 'none' ? [] : lessonspaceFacts(booking, row.id).uploadedFiles;
  const fresh = files.filter((f, i) => !known.includes(f.name) && files.findIndex((g) => g.name === f.name) === i);
  if (fresh.length > 0) {
    const adapter = await lessonspaceOf(ctx, row.ecosystemId);
    await withProvider(ctx, () => adapter.uploadFiles(spaceId, fresh));
    await ctx.execute(recordLessonspaceFiles, {
      seriesId: row.seriesId, occurrenceId: row.id, fileNames: fresh.map((f) => f.name), uploadedBy: viewer.userId,
    }, { waitFor: [SESSION_LESSONSPACE_PROJECTION], ecosystemId: row.ecosystemId });
  }
  return (await sessionLoader(ctx).load(row.id)) ?? row;
}
