import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabels } from '../domain/ecosystem/labels';
import { text } from '../domain/ecosystem/fields';
import { IllegalStateError, RateLimitedError } from '../domain/shared/errors';
import { ecosystemMessages } from '../domain/ecosystem/messages';
import { toClientError } from './errors';
import { authMessages, minutesUntil } from './auth/messages';
import { apiMessages } from './i18n/messages';

describe('toClientError', () => {
  it('answers anything unexpected with the generic sentence in the reader\'s language, logging the cause', () => {
    const logged: unknown[] = [];
    const secret = new Error('connection to db-primary-2.internal refused');
    const es = toClientError(secret, 'es', (e) => logged.push(e));
    expect(es.message).toBe('Algo salió mal. Vuelva a intentarlo.');
    expect(es.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(toClientError(secret, 'en', () => undefined).message).toBe('Something went wrong. Please try again.');
    expect(logged).toEqual([secret]);
  });

  it('keeps the path of a resolver error while rewording it', () => {
    const wrapped = new GraphQLError('ignored', { path: ['archiveEcosystem'], originalError: new IllegalStateError(ecosystemMessages.alreadyArchived, 'ALREADY_ARCHIVED') });
    const answer = toClientError(wrapped, 'es');
    expect(answer.path).toEqual(['archiveEcosystem']);
    expect(answer.message).toBe('Este ecosistema ya está archivado.');
    expect(answer.extensions).toEqual({ code: 'CONFLICT', conflictType: 'ALREADY_ARCHIVED' });
  });

  it('words zod failures field by field and throttling in both languages', () => {
    const failure = z.object({ name: text(fieldLabels.name, 10) }).safeParse({ name: '' });
    expect(failure.success).toBe(false);
    const answer = toClientError(failure.error, 'es');
    expect(answer.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [{ field: 'name', message: 'El campo «Nombre» es obligatorio.' }] });
    const limited = toClientError(new RateLimitedError(apiMessages.rateLimited), 'es');
    expect(limited).toMatchObject({ message: 'Demasiadas solicitudes. Espere un momento y vuelva a intentarlo.', extensions: { code: 'RATE_LIMITED' } });
    const locked = toClientError(new RateLimitedError(authMessages.tooManyAttempts({ minutes: minutesUntil(61_000) }), 61), 'es');
    expect(locked).toMatchObject({
      message: 'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo dentro de 2 minutos.',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 61 },
    });
    expect(toClientError(new RateLimitedError(authMessages.loginPaused({ minutes: minutesUntil(1) })), 'en').message)
      .toBe('Log-in is paused because of unusual activity. Please try again in 1 minute.');
  });

  it('reads zod\'s own messages, which no catalogue holds, as "This value is not valid."', () => {
    const failure = z.object({ id: z.uuid() }).safeParse({ id: 'x' });
    expect(toClientError(failure.error, 'en').extensions.fields).toEqual([{ field: 'id', message: 'This value is not valid.' }]);
  });
});
