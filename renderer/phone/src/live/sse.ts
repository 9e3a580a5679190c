/**
 * Server-sent events read from a byte stream, as the HTML standard's EventSource parses them: lines end with CRLF, LF
 * or CR; `data:` lines join with LF; `id:` sets the last event id (kept even by a message without data); `event:` names
 * the message; a line starting with a colon is a comment (the TV's keep-alive). The page reads its stream with fetch,
 * since EventSource cannot send the bearer header the TV asks for.
 */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event id after this message (undefined until the stream names one). */
  lastEventId: string | undefined;
}

export interface SseParser {
  /** Takes the next text of the stream; answers the messages it completed. */
  push(text: string): SseMessage[];
  lastEventId(): string | undefined;
}

export function createSseParser(lastEventId?: string): SseParser {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId = lastEventId;

  function line(text: string, out: SseMessage[]): void {
    if (text === '') {
      if (data.length > 0) out.push({ event: event === '' ? 'message' : event, data: data.join('\n'), lastEventId: lastId });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  }

  return {
    push(text) {
      buffer += text;
      const out: SseMessage[] = [];
      for (;;) {
        const match = /\r\n|\n|\r/.exec(buffer);
        // A CR at the end may be the first half of a CRLF: wait for the next text.
        if (match === null || (match[0] === '\r' && match.index === buffer.length - 1)) break;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    lastEventId: () => lastId,
  };
}
