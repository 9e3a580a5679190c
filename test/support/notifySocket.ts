/**
 * A stand-in for systemd's notify socket: an AF_UNIX datagram socket (Node has none built in, so a small python3
 * process binds it) that records every message a service sends to $NOTIFY_SOCKET, with the time it arrived.
 * Messages carrying a file descriptor (systemd-notify's BARRIER=1) are taken and the descriptor closed, as systemd does,
 * so the sender's wait for the barrier ends.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const LISTENER = `
import json, os, socket, sys, time
path = sys.argv[1]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
print(json.dumps({"ready": True}), flush=True)
while True:
    data, anc, flags, addr = s.recvmsg(65536, socket.CMSG_SPACE(64 * 4))
    for level, kind, payload in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            for i in range(0, len(payload) - len(payload) % 4, 4):
                os.close(int.from_bytes(payload[i:i + 4], sys.byteorder))
    print(json.dumps({"at": time.time() * 1000, "message": data.decode("utf-8", "replace")}), flush=True)
`;

export interface NotifyMessage {
  /** Epoch ms it arrived. */
  at: number;
  /** The assignments it carried, e.g. { READY: '1', STATUS: 'Home · member · online' }. */
  fields: Record<string, string>;
}

export interface NotifySocket {
  path: string;
  messages(): NotifyMessage[];
  close(): void;
}

export async function listenNotifySocket(dir: string): Promise<NotifySocket> {
  const path = join(dir, 'notify.sock');
  const child = spawn('python3', ['-c', LISTENER, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const messages: NotifyMessage[] = [];
  let buffer = '';
  let ready: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (ready = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = JSON.parse(buffer.slice(0, newline)) as { ready?: boolean; at?: number; message?: string };
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (line.ready === true) ready();
      if (line.at === undefined || line.message === undefined) continue;
      const fields: Record<string, string> = {};
      for (const assignment of line.message.split('\n')) {
        const eq = assignment.indexOf('=');
        if (eq > 0) fields[assignment.slice(0, eq)] = assignment.slice(eq + 1);
      }
      messages.push({ at: line.at, fields });
    }
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the notify listener exited (${String(code)})`))));
  await Promise.race([listening, exited]);
  exited.catch(() => undefined);
  return { path, messages: () => messages, close: () => child.kill() };
}
