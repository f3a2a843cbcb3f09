import { describe, expect, it } from 'vitest';
import { parseRefereeCommand } from './commands.ts';
import { readInt, readWord, routeLine } from './line.ts';
import { parseReport } from './report.ts';
import { crashedTag, isTag, signalText, TAG_EMPTY_LINE } from './tags.ts';

describe('caiaio line parsing (PROTOCOL.md §2)', () => {
  it('reads the first word and skips exactly one space or tab', () => {
    expect(readWord('1 hello world')).toEqual({ word: '1', rest: 'hello world' });
    expect(readWord('1  two')).toEqual({ word: '1', rest: ' two' });
    expect(readWord('1\tx')).toEqual({ word: '1', rest: 'x' });
    expect(readWord('1\t\tx')).toEqual({ word: '1', rest: '\tx' });
    expect(readWord('M')).toEqual({ word: 'M', rest: '' });
  });

  it('keeps a carriage return in the rest, though it ends the word', () => {
    expect(readWord('1 move\r')).toEqual({ word: '1', rest: 'move\r' });
    expect(readWord('M\r')).toEqual({ word: 'M', rest: '\r' });
  });

  it("reproduces caiaio's leading-blank quirk: the rest starts the word's length from the start", () => {
    expect(readWord('  1 x')).toEqual({ word: '1', rest: '1 x' });
    expect(readWord(' I lock')).toEqual({ word: 'I', rest: 'I lock' });
  });

  it('gives the word "" for blank text', () => {
    expect(readWord('')).toEqual({ word: '', rest: '' });
    expect(readWord(' \t\r')).toEqual({ word: '', rest: ' \t\r' });
  });

  it('reads numbers as strtol: leading digits count, a sign is allowed', () => {
    expect(readInt('12abc rest')).toEqual({ kind: 'int', value: 12, rest: 'rest' });
    expect(readInt('+3')).toEqual({ kind: 'int', value: 3, rest: '' });
    expect(readInt('-1')).toEqual({ kind: 'int', value: -1, rest: '' });
    expect(readInt('0x10')).toEqual({ kind: 'int', value: 0, rest: '' });
    expect(readInt('abc')).toEqual({ kind: 'invalid', word: 'abc' });
    expect(readInt('')).toEqual({ kind: 'missing' });
  });

  it('routes I, M and exact player numbers; ignores the rest', () => {
    expect(routeLine('I listen 1', 2)).toEqual({ kind: 'command', rest: 'listen 1' });
    expect(routeLine('M report 1 0 x', 2)).toEqual({ kind: 'manager', text: 'report 1 0 x' });
    expect(routeLine('2 Start', 2)).toEqual({ kind: 'player', player: 2, text: 'Start' });
    expect(routeLine('2', 2)).toEqual({ kind: 'player', player: 2, text: '' });
    for (const line of ['3 x', '0 x', '01 x', '+1 x', '1abc x', 'i lock', 'm x', 'hello', '']) {
      expect(routeLine(line, 2)).toEqual({ kind: 'ignored' });
    }
    expect(routeLine('12abc x', 12)).toEqual({ kind: 'ignored' });
  });
});

describe('referee commands (PROTOCOL.md §4)', () => {
  it('accepts the four a referee may send, with extra words ignored', () => {
    expect(parseRefereeCommand('lock', 'I lock', 2)).toEqual({ kind: 'lock' });
    expect(parseRefereeCommand('unlock now', 'I unlock now', 2)).toEqual({ kind: 'unlock' });
    expect(parseRefereeCommand('listen 2 extra', '', 2)).toEqual({ kind: 'listen', player: 2 });
    expect(parseRefereeCommand('request_time 1', '', 2)).toEqual({ kind: 'request_time', player: 1 });
  });

  it('refuses the manager commands and unknown ones', () => {
    for (const cmd of [
      'cpu_speed 2300',
      'number_players 2',
      'start 1',
      'referee r',
      'kill_referee',
      'stop_caiaio',
    ]) {
      expect(parseRefereeCommand(cmd, `I ${cmd}`, 2)).toMatchObject({ kind: 'fatal' });
    }
    expect(parseRefereeCommand('Listen 1', 'I Listen 1', 2)).toEqual({
      kind: 'fatal',
      reason: 'the referee sent an unknown command: "I Listen 1"',
    });
  });
});

describe('report and tags', () => {
  it('reads one whole-number score per player and the rest as the message', () => {
    expect(parseReport('report 221 179 player_1_wins', 2)).toEqual({
      ok: true,
      value: { scores: [221, 179], message: 'player_1_wins' },
    });
    expect(parseReport('report 5', 1)).toEqual({ ok: true, value: { scores: [5], message: '' } });
    expect(parseReport('report 1 2 3 4 a b', 4)).toEqual({
      ok: true,
      value: { scores: [1, 2, 3, 4], message: 'a b' },
    });
    expect(parseReport('report 1.5 0 x', 2)).toEqual({
      ok: false,
      error: `player 1's score "1.5" is not a whole number`,
    });
    expect(parseReport('result 1 0', 2)).toEqual({
      ok: false,
      error: 'a report starts with "report", not "result"',
    });
  });

  it('names a crash by strsignal, spaces as underscores', () => {
    expect(crashedTag('SIGABRT')).toBe('<caiaio:_player_crashed:_Aborted>');
    expect(crashedTag('SIGSEGV')).toBe('<caiaio:_player_crashed:_Segmentation_fault>');
    expect(crashedTag('SIGFPE')).toBe('<caiaio:_player_crashed:_Floating_point_exception>');
    expect(signalText('SIGWHAT')).toBe('Unknown signal SIGWHAT');
    expect(TAG_EMPTY_LINE).toBe("<caiaio:_player_sends_'\\n'>");
    expect([...TAG_EMPTY_LINE].slice(-5)).toEqual(["'", '\\', 'n', "'", '>']);
    expect(isTag(TAG_EMPTY_LINE) && !isTag('a1')).toBe(true);
  });
});
