import { archiveKindOf, sizeText, UPLOAD_CAPS } from '../../shared/event/caps.ts';
import { LANGUAGE_IDS, LANGUAGE_INFO, type LanguageId } from '../../shared/bots/languages.ts';

/**
 * The contestant's upload form as data: a file, its language (or "from the extension"), and for an
 * archive the run and build commands. What the form can tell before sending (no file, an archive
 * without a run command, over the cap) it says at once; everything else the server checks and says.
 */

/** "From the extension": the language select's first choice. */
export const BY_EXTENSION = 'auto';

/** The language select's choices: by the extension, then every language of the one list. */
export function languageChoices(): {
  readonly id: LanguageId | typeof BY_EXTENSION;
  readonly name: string | null;
}[] {
  return [
    { id: BY_EXTENSION, name: null },
    ...LANGUAGE_IDS.map((id) => ({ id, name: LANGUAGE_INFO[id].name })),
  ];
}

/** What the `accept` attribute of the file input offers: every source extension and the archives. */
export function acceptedFiles(): string {
  const sources = LANGUAGE_IDS.flatMap((id) => LANGUAGE_INFO[id].extensions.map((e) => `.${e}`));
  return [...sources, '.zip', '.tar.gz', '.tgz'].join(',');
}

/** The form as filled in. */
export interface UploadDraft {
  readonly file: { readonly name: string; readonly size: number } | null;
  readonly language: LanguageId | typeof BY_EXTENSION;
  readonly run: string;
  readonly build: string;
}

/** Why a draft cannot be sent yet: a message key of the `contestant.upload` texts, with its values. */
export interface DraftProblem {
  readonly key: 'noFile' | 'needsRun' | 'tooLarge';
  readonly values?: Readonly<Record<string, string>>;
}

/** Whether the chosen file is an archive (.zip, .tar.gz, .tgz): then the commands are asked for. */
export function isArchiveName(name: string | undefined): boolean {
  return name !== undefined && archiveKindOf(name) !== null;
}

/** The first problem of a draft, or null when it may be sent. */
export function draftProblem(draft: UploadDraft): DraftProblem | null {
  if (draft.file === null) return { key: 'noFile' };
  const archive = isArchiveName(draft.file.name);
  const cap = archive ? UPLOAD_CAPS.archiveBytes : UPLOAD_CAPS.sourceBytes;
  if (draft.file.size > cap)
    return { key: 'tooLarge', values: { size: sizeText(draft.file.size), cap: sizeText(cap) } };
  if (archive && draft.run.trim() === '') return { key: 'needsRun' };
  return null;
}

/** The upload's options as the server takes them: the language for a file, the commands for an archive. */
export function uploadOptions(draft: UploadDraft): { language?: LanguageId; run?: string; build?: string } {
  if (isArchiveName(draft.file?.name)) {
    const build = draft.build.trim();
    return { run: draft.run.trim(), ...(build !== '' && { build }) };
  }
  return draft.language === BY_EXTENSION ? {} : { language: draft.language };
}
