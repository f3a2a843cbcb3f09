/**
 * The types a parent of SecretField.vue uses (in a .ts file, so that `tsc -p test`, which reads no .vue
 * file, knows them too).
 */

/**
 * How the parent answers a field's `set` or `clear`: call it with null once the change is stored, else
 * with the refusal to show next to the field. Only the answer to the field's latest change counts.
 */
export type Settle = (refusal: string | null) => void;

/** What a typed value is: the value to send, or why it cannot be (a message key and its values). */
export type SecretCheck = (typed: string) =>
  | { readonly value: string }
  | {
      readonly problem: { readonly key: string; readonly params: Readonly<Record<string, string | number>> };
    };
