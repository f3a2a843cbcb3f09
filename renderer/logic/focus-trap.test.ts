// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { trapTab } from './focus-trap.ts';

function dialog(): HTMLElement {
  const section = document.createElement('section');
  section.innerHTML =
    '<button id="a">A</button><button disabled>off</button><input id="b" /><button id="c">C</button>';
  document.body.append(section);
  return section;
}

const tab = (shiftKey = false) => new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('trapTab', () => {
  it('wraps Tab from the last element to the first and Shift+Tab from the first to the last', () => {
    const d = dialog();
    (d.querySelector('#c') as HTMLElement).focus();
    const forward = tab();
    trapTab(forward, d);
    expect(document.activeElement?.id).toBe('a');
    expect(forward.defaultPrevented).toBe(true);
    const back = tab(true);
    trapTab(back, d);
    expect(document.activeElement?.id).toBe('c');
  });

  it('leaves Tab alone between inner elements', () => {
    const d = dialog();
    (d.querySelector('#a') as HTMLElement).focus();
    const event = tab();
    trapTab(event, d);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement?.id).toBe('a');
  });

  it('brings the focus back in when it is outside the dialog', () => {
    const d = dialog();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    trapTab(tab(), d);
    expect(document.activeElement?.id).toBe('a');
  });
});
