import { describe, expect, it } from 'vitest';
import { againName } from './run-again.ts';

describe('the name of a tournament run again', () => {
  it('numbers it after the name, skipping names taken (ignoring case)', () => {
    expect(againName('Club night', ['Club night'])).toBe('Club night 2');
    expect(againName('Club night', ['Club night', 'club NIGHT 2'])).toBe('Club night 3');
    expect(againName('Club night 2', ['Club night', 'Club night 2'])).toBe('Club night 3');
    expect(againName('x'.repeat(120), []).length).toBe(120);
  });
});
