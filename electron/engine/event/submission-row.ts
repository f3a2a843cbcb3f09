import { z } from 'zod';
import { LANGUAGE_IDS } from '../../../shared/bots/languages.ts';
import {
  smokeResultSchema,
  type Submission,
  type SubmissionState,
} from '../../../shared/event/submission.ts';
import { parseStoredJson, StoreError } from '../store/errors.ts';
import { num, text, textOrNull, type Row } from '../store/sqlite.ts';

/** The `submissions` columns a {@link Submission} is read from (all but the uploaded bytes). */
export const COLUMNS = `id, contestant, version, received_at, sha256, size, file_name, kind, language, build_command,
  run_command, state, log, smoke, disqualified_at, disqualified_reason`;

/** A `submissions` row as a {@link Submission}; a row that is not one is `not-a-store`. */
export function rowSubmission(row: Row): Submission {
  const language = textOrNull(row, 'language');
  const run = textOrNull(row, 'run_command');
  const at = textOrNull(row, 'disqualified_at');
  return {
    id: text(row, 'id'),
    contestant: text(row, 'contestant'),
    version: num(row, 'version'),
    receivedAt: text(row, 'received_at'),
    sha256: text(row, 'sha256'),
    size: num(row, 'size'),
    fileName: text(row, 'file_name'),
    kind: text(row, 'kind') === 'archive' ? 'archive' : 'file',
    language: LANGUAGE_IDS.find((l) => l === language) ?? null,
    buildCommand: textOrNull(row, 'build_command'),
    runCommand: run === null ? null : z.array(z.string()).parse(parseStoredJson(run, 'run_command')),
    status: rowStatus(row),
    disqualified: at === null ? null : { at, reason: textOrNull(row, 'disqualified_reason') ?? '' },
  };
}

function rowStatus(row: Row): SubmissionState {
  const state = text(row, 'state');
  const log = textOrNull(row, 'log') ?? '';
  const smokeText = textOrNull(row, 'smoke');
  const smoke = smokeText === null ? null : smokeResultSchema.parse(parseStoredJson(smokeText, 'smoke'));
  switch (state) {
    case 'received':
    case 'building':
      return { state };
    case 'build-failed':
    case 'built':
      return { state, log };
    case 'smoke-failed':
    case 'working':
      if (smoke === null) break;
      return { state, log, smoke };
  }
  throw new StoreError('not-a-store', `a submission has the unknown state ${JSON.stringify(state)}`);
}
