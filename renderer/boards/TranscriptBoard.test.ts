// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { registerPackageGame, externalGameId } from '../../shared/games/registry.ts';
import {
  addTranscriptFailure,
  addTranscriptLine,
  emptyTranscript,
} from '../../shared/games/packages/transcript.ts';
import { createJuryI18n, type Locale } from '../i18n/index.ts';
import GameBoard from './GameBoard.vue';

registerPackageGame({
  id: externalGameId('pkg-board-toy'),
  title: 'Board toy',
  players: 2,
  budgetMs: 30000,
  timeFactor: 1,
  protocol: 'caia',
  samples: [],
  log: { file: 'game.html', kind: 'html' },
  folder: '/games/board-toy',
});

function state() {
  let s = emptyTranscript(2);
  s = addTranscriptLine(s, { ms: 0, program: 0, dir: 'out', text: '1 Start' }, 3);
  s = addTranscriptLine(s, { ms: 1.5, program: 1, dir: 'in', text: 'Start' }, 3);
  s = addTranscriptLine(s, { ms: 1250, program: 1, dir: 'out', text: 'a1' }, 3);
  s = addTranscriptLine(s, { ms: 1300, program: 2, dir: 'in', text: 'a1' }, 3);
  return addTranscriptFailure(s, 2, '<caiaio:_player_timeout>');
}

function mountBoard(locale: Locale = 'en') {
  return mount(GameBoard, {
    props: { game: 'pkg-board-toy', state: state(), seatNames: ['Alice', 'Bob'] },
    global: { plugins: [createJuryI18n(locale)] },
  });
}

describe('TranscriptBoard', () => {
  it('draws a package game as its transcript: times, who, lines, left-out lines, tags and the log', () => {
    const wrapper = mountBoard();
    const board = wrapper.get('[data-testid="transcript-board"]');
    expect(board.get('[role="log"]').attributes('aria-label')).toBe('Protocol transcript of Board toy');
    const rows = board
      .findAll('.line')
      .map((l) => [l.get('.time').text(), l.get('.who').text(), l.get('.text').text()]);
    expect(rows).toEqual([
      ['0.002', 'to Alice', 'Start'],
      ['1.250', 'from Alice', 'a1'],
      ['1.300', 'to Bob', 'a1'],
    ]);
    expect(board.get('.omitted').text()).toBe('one earlier line not shown');
    expect(board.get('.failures').text()).toBe('Bob got <caiaio:_player_timeout>');
    expect(board.get('figcaption').text()).toBe('The referee’s log: game.html');
  });

  it('speaks Dutch', () => {
    const wrapper = mountBoard('nl');
    expect(wrapper.findAll('.who').map((w) => w.text())).toEqual(['naar Alice', 'van Alice', 'naar Bob']);
    expect(wrapper.get('.failures').text()).toBe('Bob kreeg <caiaio:_player_timeout>');
  });
});
