import { describe, expect, it } from 'vitest';
import { actionForKey, clampStep, keyTargetsField, navigate } from './replay-nav.ts';

describe('clampStep', () => {
  it('holds a step inside the replay', () => {
    expect(clampStep(-3, 10)).toBe(0);
    expect(clampStep(4, 10)).toBe(4);
    expect(clampStep(12, 10)).toBe(9);
    expect(clampStep(4.7, 10)).toBe(4);
  });

  it('answers 0 for an empty replay and for nonsense', () => {
    expect(clampStep(5, 0)).toBe(0);
    expect(clampStep(Number.NaN, 10)).toBe(0);
  });
});

describe('navigate', () => {
  it('moves one step or to the ends, never outside', () => {
    expect(navigate(3, 10, 'next')).toBe(4);
    expect(navigate(3, 10, 'prev')).toBe(2);
    expect(navigate(3, 10, 'first')).toBe(0);
    expect(navigate(3, 10, 'last')).toBe(9);
    expect(navigate(9, 10, 'next')).toBe(9);
    expect(navigate(0, 10, 'prev')).toBe(0);
    expect(navigate(0, 1, 'last')).toBe(0);
  });
});

describe('keys', () => {
  it('maps the arrows, Home and End, and nothing else', () => {
    expect(actionForKey('ArrowLeft')).toBe('prev');
    expect(actionForKey('ArrowRight')).toBe('next');
    expect(actionForKey('Home')).toBe('first');
    expect(actionForKey('End')).toBe('last');
    expect(actionForKey('ArrowUp')).toBeNull();
    expect(actionForKey('a')).toBeNull();
  });

  it('leaves keys in form fields to the field', () => {
    expect(keyTargetsField({ tagName: 'input' })).toBe(true);
    expect(keyTargetsField({ tagName: 'SELECT' })).toBe(true);
    expect(keyTargetsField({ tagName: 'TEXTAREA' })).toBe(true);
    expect(keyTargetsField({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(keyTargetsField({ tagName: 'BUTTON' })).toBe(false);
    expect(keyTargetsField(null)).toBe(false);
  });
});
