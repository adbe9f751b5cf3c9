/** The import boundaries of DESIGN.md section 2 are enforced by lint; this proves the rules bite. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('keep domain/ free of I/O folders, packages and the environment', async () => {
    expect(await ruleIds('domain/program/x.ts', `import { loadConfig } from '../../infra/config';\nexport const a = loadConfig;`)).toContain('no-restricted-imports');
    expect(await ruleIds('domain/program/x.ts', `import pg from 'pg';\nexport const a = pg;`)).toContain('no-restricted-imports');
    expect(await ruleIds('domain/program/x.ts', `export const a = process.env.X;`)).toContain('no-restricted-globals');
    expect(await ruleIds('domain/program/x.ts', `import { z } from 'zod';\nexport const a = z.string();`)).toEqual([]);
  });

  it('keep web/ away from server folders', async () => {
    expect(await ruleIds('web/src/x.ts', `import { startPlatform } from '../../api/platform';\nexport const a = startPlatform;`)).toContain('no-restricted-imports');
    expect(await ruleIds('web/src/x.ts', `import { useState } from 'react';\nexport const a = useState;`)).toEqual([]);
  });
});
