// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils';
import { checkSecret } from '../../logic/remote-workers.ts';
import SecretField from './SecretField.vue';
import type { SecretCheck, Settle } from './secret-field.ts';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

// One write-only field on its own: the parent's side is played by the test, which reads what the field
// emits and answers through the Settle each event carries.
enableAutoUnmount(afterEach);

const secretCheck: SecretCheck = (typed) => {
  const check = checkSecret(typed);
  return 'secret' in check ? { value: check.secret } : check;
};
/** The Redis password's field: always open, with a show/hide toggle, no check. */
const PASSWORD = {
  id: 'pw',
  texts: 'workers.password',
  testid: 'pw',
  inputTestid: 'pw-box',
  clearTestid: 'pw-clear',
  revealable: true,
};
/** The organiser's secret's field: opened on request, checked as typed. */
const SECRET = {
  id: 'sec',
  texts: 'workers.secret',
  testid: 'sec',
  inputTestid: 'sec-box',
  clearTestid: 'sec-clear',
  onRequest: true,
  unsetWarns: true,
  check: secretCheck,
};

async function mountField(props: Record<string, unknown>) {
  // In the document, so that a click on a submit button submits its form.
  return mountScreen(SecretField, {
    props: { isSet: false, disabled: false, ...props },
    attachTo: document.body,
  });
}
const get = (w: VueWrapper, id: string) => w.get(`[data-testid="${id}"]`);
const box = (w: VueWrapper, id: string) => get(w, id).element as HTMLInputElement;
const errors = (w: VueWrapper) => w.findAll('.field-error').map((e) => e.text());
/** The last `set` emitted: its value and the answer it waits for. */
function lastSet(w: VueWrapper): [string, Settle] {
  const all = w.emitted('set') as [string, Settle][] | undefined;
  expect(all).toBeDefined();
  return all![all!.length - 1]!;
}

describe('SecretField', () => {
  it('never shows a stored value: only whether one is set, with an empty box', async () => {
    const { wrapper: w } = await mountField({ ...PASSWORD, isSet: true });
    expect(get(w, 'pw-state').text()).toBe('A password is set. It is never shown.');
    expect(box(w, 'pw-box').value).toBe('');
    expect(box(w, 'pw-box').type).toBe('password');
    await w.setProps({ isSet: false });
    expect(get(w, 'pw-state').text()).toBe('No password (a Redis without AUTH).');
    expect(w.find('[data-testid="pw-clear"]').exists()).toBe(false);
  });

  it('emits the typed value on save, then forgets it once stored', async () => {
    const { wrapper: w } = await mountField(PASSWORD);
    expect(get(w, 'pw-save').attributes('disabled')).toBeDefined();
    await get(w, 'pw-box').setValue('hunter2');
    await get(w, 'pw-toggle').trigger('click');
    expect(box(w, 'pw-box').type).toBe('text');
    await get(w, 'pw-save').trigger('click');
    const [value, settle] = lastSet(w);
    expect(value).toBe('hunter2');
    settle(null);
    await w.setProps({ isSet: true });
    expect(box(w, 'pw-box').value).toBe('');
    expect(box(w, 'pw-box').type).toBe('password');
    expect(w.html()).not.toContain('hunter2');
    expect(get(w, 'pw-note').text()).toBe('The password is saved.');
  });

  it('emits the checked value (trimmed) and closes an on-request box once stored', async () => {
    const { wrapper: w } = await mountField(SECRET);
    expect(get(w, 'sec-state').classes()).toContain('warn');
    expect(w.find('[data-testid="sec-box"]').exists()).toBe(false);
    await get(w, 'sec-edit').trigger('click');
    await get(w, 'sec-box').setValue('  a-valid-secret-of-30-characters ');
    await w.get('form').trigger('submit');
    const [value, settle] = lastSet(w);
    expect(value).toBe('a-valid-secret-of-30-characters');
    settle(null);
    await w.setProps({ isSet: true });
    expect(w.find('[data-testid="sec-box"]').exists()).toBe(false);
    expect(w.html()).not.toContain('a-valid-secret');
    expect(get(w, 'sec-edit').text()).toBe('Replace');
    expect(get(w, 'sec-note').text()).toBe('The secret is set.');
  });

  it('emits clear, and says so once the parent has cleared it', async () => {
    const { wrapper: w } = await mountField({ ...SECRET, isSet: true });
    await get(w, 'sec-clear').trigger('click');
    const emitted = w.emitted('clear') as [Settle][];
    expect(emitted).toHaveLength(1);
    expect(w.emitted('set')).toBeUndefined();
    emitted[0]![0](null);
    await w.setProps({ isSet: false });
    expect(get(w, 'sec-note').text()).toBe('The secret is forgotten.');
    expect(get(w, 'sec-state').text()).toBe('No secret is set: remote workers cannot play.');
  });

  it('shows only the current error: the check, then the refusal, then none after a save', async () => {
    const { wrapper: w } = await mountField(SECRET);
    await get(w, 'sec-edit').trigger('click');
    await get(w, 'sec-box').setValue('short');
    expect(errors(w)).toEqual([]); // not before a first try
    await w.get('form').trigger('submit');
    expect(errors(w)).toEqual(['The secret must be at least 16 characters.']);
    expect(w.emitted('set')).toBeUndefined();

    await get(w, 'sec-box').setValue('refused-by-the-engine-1');
    await w.get('form').trigger('submit');
    expect(errors(w)).toEqual([]);
    lastSet(w)[1]('the engine says no');
    await flushPromises();
    expect(errors(w)).toEqual(['the engine says no']);
    expect(get(w, 'sec-box').attributes('aria-invalid')).toBe('true');

    await get(w, 'sec-box').setValue('accepted-by-the-engine-2');
    expect(errors(w)).toEqual([]); // typing again drops the refusal
    await w.get('form').trigger('submit');
    lastSet(w)[1](null);
    await flushPromises();
    expect(errors(w)).toEqual([]);
    expect(get(w, 'sec-note').text()).toBe('The secret is set.');
    // Opened again, the empty box is not held against the last try.
    await get(w, 'sec-edit').trigger('click');
    expect(box(w, 'sec-box').value).toBe('');
    expect(errors(w)).toEqual([]);
  });

  it('drops a late answer to an older change', async () => {
    const { wrapper: w } = await mountField(PASSWORD);
    await get(w, 'pw-box').setValue('first');
    await get(w, 'pw-save').trigger('click');
    const [, older] = lastSet(w);
    await get(w, 'pw-box').setValue('second');
    await get(w, 'pw-save').trigger('click');
    const [value, newer] = lastSet(w);
    expect(value).toBe('second');
    newer('wrong password');
    older(null);
    await flushPromises();
    expect(errors(w)).toEqual(['wrong password']);
    expect(box(w, 'pw-box').value).toBe('second');
    expect(w.find('[data-testid="pw-note"]').exists()).toBe(false);
  });

  it('speaks Dutch, its note following the language', async () => {
    const { wrapper: w, i18n } = await mountField({ ...SECRET, isSet: true });
    await get(w, 'sec-clear').trigger('click');
    (w.emitted('clear') as [Settle][])[0]![0](null);
    await flushPromises();
    i18n.global.locale.value = 'nl';
    await flushPromises();
    expect(get(w, 'sec-note').text()).toBe('Het geheim is vergeten.');
    expect(get(w, 'sec-edit').text()).toBe('Vervangen');
    expect(get(w, 'sec-clear').text()).toBe('Vergeten');
  });

  it('changes nothing while disabled', async () => {
    const { wrapper: w } = await mountField({ ...PASSWORD, isSet: true, disabled: true });
    for (const id of ['pw-box', 'pw-toggle', 'pw-save', 'pw-clear'])
      expect(get(w, id).attributes('disabled')).toBeDefined();
  });
});
