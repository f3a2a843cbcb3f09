/** Jury's version, written into every record. Kept in step with package.json by a test. */
export const JURY_VERSION = '0.1.0';
