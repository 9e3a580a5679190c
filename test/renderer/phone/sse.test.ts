/** The event stream's text as EventSource reads it, however the network cuts it into chunks. */
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../../renderer/phone/src/live/sse';

const STREAM = 'event: screen\nid: run.1\ndata: {"type":"screen"}\n\n: keep-alive\n\nevent: sent\r\nid: run.2\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: plain\rid: run.3\r\r\n';

describe('server-sent events', () => {
  it('reads events, ids, multi-line data and comments alike whole or cut at every byte', () => {
    const expected = [
      { event: 'screen', data: '{"type":"screen"}', lastEventId: 'run.1' },
      { event: 'sent', data: '{"a":\n1}', lastEventId: 'run.2' },
      { event: 'message', data: 'plain', lastEventId: 'run.3' },
    ];
    expect(createSseParser().push(STREAM)).toEqual(expected);
    const parser = createSseParser();
    const cut = [...STREAM].flatMap((char) => parser.push(char));
    expect(cut).toEqual(expected);
    expect(parser.lastEventId()).toBe('run.3');
  });

  it('keeps an id sent without data, starts from the id it was given, and waits for an event’s end', () => {
    const parser = createSseParser('run.7');
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.lastEventId()).toBe('run.7');
    expect(parser.push('\n\nid: run.9\n\n')).toEqual([{ event: 'message', data: 'half', lastEventId: 'run.7' }]);
    expect(parser.lastEventId()).toBe('run.9');
  });
});
