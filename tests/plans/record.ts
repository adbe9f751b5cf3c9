/**
 * Records the statements the API sends as app_api (the role every resolver reads as), whatever
 * path they take there (loaders, one transaction per request or several): pg's Client.query is
 * wrapped for the duration of `recordStatements`. Only statements that read the read models
 * (`read.<view>`) are kept, with their parameter values, so a test can EXPLAIN them as they ran.
 */
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

type Query = typeof pg.Client.prototype.query;

function statementOf(args: unknown[]): Statement | null {
  const [first, second] = args;
  if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') {
    const config = first as { text: string; values?: unknown[] };
    return { text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) };
  }
  return null;
}

/** Runs `fn` and returns what it sent to the read models as app_api, in order. */
export async function recordStatements(fn: () => Promise<void>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const original: Query = pg.Client.prototype.query;
  function recording(this: pg.Client, ...args: unknown[]) {
    const statement = statementOf(args);
    if (statement && this.user === 'app_api' && /\bread\.\w+/.test(statement.text)) recorded.push(statement);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  }
  pg.Client.prototype.query = recording as Query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}
