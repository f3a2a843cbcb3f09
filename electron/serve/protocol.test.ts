import { describe, expect, it } from 'vitest';
import { isServerEvent, parseClientMessage } from './protocol.ts';

describe('parseClientMessage', () => {
  it('reads a request with and without a payload', () => {
    expect(parseClientMessage('{"id":1,"channel":"games.list"}')).toEqual({
      ok: true,
      request: { id: 1, channel: 'games.list' },
    });
    expect(parseClientMessage('{"id":7,"channel":"tournament.pause","payload":{"id":"x"}}')).toEqual({
      ok: true,
      request: { id: 7, channel: 'tournament.pause', payload: { id: 'x' } },
    });
  });

  it('answers text that is not JSON with a clear error and no id', () => {
    const parsed = parseClientMessage('hello');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.response).toEqual({
      id: null,
      ok: false,
      error: 'not JSON: send {"id": number, "channel": string, "payload"?: …}',
    });
  });

  it.each([
    ['[1,2]', null, /^expected a JSON object/],
    ['null', null, /^expected a JSON object/],
    ['{"channel":"games.list"}', null, /^id: expected an integer/],
    ['{"id":1.5,"channel":"games.list"}', null, /^id: expected an integer/],
    ['{"id":"1","channel":"games.list"}', null, /^id: expected an integer/],
    ['{"id":3,"channel":4}', 3, /^channel: expected a string/],
    ['{"id":3,"channel":"games.list","extra":1}', 3, /^unexpected field\(s\): extra/],
  ])('refuses %s', (text, id, error) => {
    const parsed = parseClientMessage(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.response.id).toBe(id);
      expect(parsed.response.ok).toBe(false);
      expect(!parsed.response.ok && parsed.response.error).toMatch(error);
    }
  });
});

describe('isServerEvent', () => {
  it('tells events from answers', () => {
    expect(isServerEvent({ event: 'game.frame', payload: {} })).toBe(true);
    expect(isServerEvent({ id: 1, ok: true, value: null })).toBe(false);
  });
});
