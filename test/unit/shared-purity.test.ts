import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function lintAs(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('shared/ stays pure', () => {
  it('lint rejects Node, Electron and renderer imports in shared/', async () => {
    const messages = await lintAs(
      'shared/games/x.ts',
      "import { readFileSync } from 'node:fs';\nimport { app } from 'electron';\nimport { ref } from 'vue';\nexport const x = [readFileSync, app, ref];\n",
    );
    expect(messages.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(3);
  });

  it('lint rejects Node and DOM globals in shared/, but not in tests beside it', async () => {
    const code = 'export const x = [process.pid, window.name, document.title, Buffer.alloc(1)];\n';
    expect(
      (await lintAs('shared/games/x.ts', code)).filter((m) => m.startsWith('no-restricted-globals')),
    ).toHaveLength(4);
    expect(
      (await lintAs('shared/games/x.test.ts', code)).filter((m) => m.startsWith('no-restricted-globals')),
    ).toHaveLength(0);
  });

  it('the shared/ tsconfig has neither Node nor DOM types', () => {
    const configPath = `${root}/shared/tsconfig.json`;
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    expect(parsed?.options.types).toEqual([]);
    expect(parsed?.options.lib).toEqual(['lib.es2023.d.ts']);
    const host = ts.createCompilerHost(parsed!.options);
    const source = 'export const x = process.pid + document.title.length;\n';
    const original = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang) =>
      name.endsWith('probe.ts') ? ts.createSourceFile(name, source, lang) : original(name, lang);
    const program = ts.createProgram([`${root}/shared/probe.ts`], parsed!.options, host);
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors.some((e) => e.includes("Cannot find name 'process'"))).toBe(true);
    expect(errors.some((e) => e.includes("Cannot find name 'document'"))).toBe(true);
  });
});
