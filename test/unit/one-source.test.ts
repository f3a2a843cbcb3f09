import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS } from '../../shared/bots/languages.ts';
import { builtInGameIds } from '../../shared/games/registry.ts';
import { TIMING_MODES } from '../../shared/timing/modes.ts';

// Every list of ids (game ids, timing modes, languages, …) has one source file; everything else derives from it
// (types by `typeof LIST[number]`, zod enums from the array, pickers by iterating it, labels by i18n
// keys built from the id). This test keeps it so: it reads the source files of electron/, shared/ and
// renderer/ (not tests, not golden games) and fails, naming file:line, where an id of a list is written
// as a quoted string literal outside its source. Another list is one more entry in LISTS.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A place where a literal equal to an id is allowed although it is not the list's source. */
interface Allowed {
  /** A file, or a folder ending in `/`, relative to the repository root. */
  readonly path: string;
  readonly literal: string;
  /** Why the text there is not the list's id (or why it stays for now). */
  readonly why: string;
  /** Work in progress elsewhere: not required to still occur (every other entry is, so none goes stale). */
  readonly pending?: true;
}

/** One list of ids with its source. */
interface List {
  /** What an id is, for the failure message. */
  readonly name: string;
  readonly ids: readonly string[];
  /** The files (or folders ending in `/`) that may write the ids: the list itself. */
  readonly sources: readonly string[];
  /** Other places where the same text is something else; keep this short. */
  readonly allowed: readonly Allowed[];
}

const LISTS: readonly List[] = [
  {
    name: 'game id',
    ids: builtInGameIds,
    // The registry's one list, and each game's own folder (its module declares its id).
    sources: ['shared/games/registry.ts', ...builtInGameIds.map((id) => `shared/games/${id}/`)],
    allowed: [
      // Per-game tables of the renderer, typed Record<BuiltInGameId, …> so the compiler checks them
      // against the registry; only the key that is not an identifier is quoted.
      { path: 'renderer/boards/GameBoard.vue', literal: '6561', why: "the key of 6561's board component" },
      { path: 'renderer/boards/palette.ts', literal: '6561', why: "the key of 6561's seat colours" },
      // Each game's own board component names its game, as its folder in shared/games does.
      ...(
        [
          ['renderer/boards/LessBoard.vue', 'less'],
          ['renderer/boards/MoreBoard.vue', 'more'],
          ['renderer/boards/Board6561.vue', '6561'],
          ['renderer/boards/FlitBoard.vue', 'flit'],
        ] as const
      ).map(([path, literal]) => ({ path, literal, why: "the game's own board component" })),
      ...[
        'renderer/components/protections/ProtectionsNotice.vue',
        'renderer/components/games/GameLimitsPanel.vue',
        'renderer/views/GamesView.vue',
      ].map((path) => ({ path, literal: 'more', why: 'the CSS class `more` (show more)' })),
    ],
  },
  {
    name: 'timing mode',
    ids: TIMING_MODES,
    sources: ['shared/timing/modes.ts'],
    allowed: [],
  },
  {
    name: 'language id',
    ids: LANGUAGE_IDS,
    sources: ['shared/bots/languages.ts'],
    allowed: [
      {
        path: 'electron/engine/bots/languages.ts',
        literal: 'java',
        why: 'the JVM program, not the language',
      },
      { path: 'electron/engine/bots/languages.ts', literal: 'go', why: 'the Go toolchain program' },
      {
        path: 'renderer/components/games/ReplayControls.vue',
        literal: 'go',
        why: 'the `go` event (to a ply)',
      },
      { path: 'renderer/components/games/MoveList.vue', literal: 'go', why: 'the `go` event (to a ply)' },
    ],
  },
];

/** One quoted string literal in a source file. */
interface Literal {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The source files of the app: .ts and .vue under electron/, shared/, renderer/, without tests and goldens. */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'golden' && entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|vue)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) out.push(path);
    }
  };
  for (const dir of ['electron', 'shared', 'renderer']) walk(dir);
  return out;
}

/** The string literals of TypeScript code (comments and template literals with `${}` are not literals). */
function tsLiterals(file: string, code: string, firstLine = 1): Literal[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + firstLine;
      out.push({ file, line, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The literals of a single-file component: its <script> blocks parsed as TypeScript, and in the rest
 * (the template) every '…' or "…" that is exactly one of `ids` (attribute values and expressions alike).
 */
function vueLiterals(file: string, code: string, ids: ReadonlySet<string>): Literal[] {
  const out: Literal[] = [];
  const lineAt = (index: number): number => code.slice(0, index).split('\n').length;
  const rest = code.replace(/<script\b[^>]*>([\s\S]*?)<\/script>/g, (block, script: string, at: number) => {
    out.push(...tsLiterals(file, script, lineAt(at + block.indexOf(script))));
    return block.replace(/[^\n]/g, ' ');
  });
  const template = rest.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of template.matchAll(/(['"])([^'"\n]*)\1/g)) {
    if (ids.has(m[2]!)) out.push({ file, line: lineAt(m.index), text: m[2]! });
  }
  return out;
}

const under = (file: string, path: string): boolean =>
  path.endsWith('/') ? file.startsWith(path) : file === path;

const allIds = new Set(LISTS.flatMap((l) => l.ids));
const literals: Literal[] = sourceFiles().flatMap((file) => {
  const code = readFileSync(join(root, file), 'utf8');
  const found = file.endsWith('.vue') ? vueLiterals(file, code, allIds) : tsLiterals(file, code);
  return found.filter((l) => allIds.has(l.text));
});

describe('every list of ids has one source', () => {
  it.each(LISTS)('no $name is written as a literal outside its source', (list) => {
    const stray = literals
      .filter((l) => list.ids.includes(l.text))
      .filter((l) => !list.sources.some((s) => under(l.file, s)))
      .filter((l) => !list.allowed.some((a) => a.literal === l.text && under(l.file, a.path)))
      .map((l) => `${l.file}:${l.line}: '${l.text}' (derive it from ${list.sources.join(', ')})`);
    expect(stray).toEqual([]);
  });

  it.each(LISTS)('the $name allow-list has no stale entries', (list) => {
    const stale = list.allowed
      .filter((a) => !a.pending && !literals.some((l) => l.text === a.literal && under(l.file, a.path)))
      .map((a) => `${a.path} no longer writes '${a.literal}': remove its entry`);
    expect(stale).toEqual([]);
  });

  it('finds literals where they are, in .ts and .vue alike (the scan works)', () => {
    for (const list of LISTS) {
      const inSource = literals.filter((l) => list.sources.some((s) => under(l.file, s)));
      expect(new Set(inSource.map((l) => l.text))).toEqual(new Set(list.ids));
    }
    const code =
      "<script setup lang=\"ts\">\n// 'cpu'\nconst a = 'cpu';\n</script>\n<template>\n  <option value=\"official\" />\n  <!-- 'cpu' -->\n</template>\n";
    expect(vueLiterals('x.vue', code, allIds)).toEqual([
      { file: 'x.vue', line: 3, text: 'cpu' },
      { file: 'x.vue', line: 6, text: 'official' },
    ]);
  });
});

// The paths of the list sources and allowed places must exist, so a move does not silently widen a hole.
describe('the lists name real files', () => {
  it('every source and allowed path exists', () => {
    const files = sourceFiles();
    const paths = LISTS.flatMap((l) => [...l.sources, ...l.allowed.map((a) => a.path)]);
    const missing = paths.filter((p) => !files.some((f) => under(f, p)));
    expect(missing).toEqual([]);
  });
});
